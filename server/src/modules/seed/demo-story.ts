import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../lib/context';
import { datePlans, likes, matches, profiles, user } from '../../db/schema';
import { prng } from '../../lib/random';
import { likeProfile } from '../discovery/likes.service';
import { isPremium } from '../plans/service';
import { sendMessage } from '../messages/messages.service';
import { addPhoto } from '../profiles/photos.service';
import { confirmDate, uploadDatePhoto } from '../dates/date-verification.service';
import { submitRating } from '../dates/ratings.service';
import { insertMember, WARM_RATING } from './factories';
import { drawPortrait } from './portraits';

type SeedDeps = Pick<Deps, 'database' | 'storage' | 'logger'>;
type Stage = 'fresh' | 'talking' | 'to-rate' | 'rated';

const DAY_MS = 86_400_000;
const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };

/**
 * The members the demo account has already met, one per stage of the product: a match made
 * just now, a conversation under way (with a date planned), a verified date waiting for the
 * demo's rating, and a date both have rated. A newcomer signing in as the demo account can
 * try chat, date verification and ratings at once instead of working for a match first.
 */
const STORY: {
  stage: Stage;
  email: string;
  name: string;
  gender: 'woman' | 'man';
  age: number;
  interests: string[];
  bio: string;
}[] = [
  {
    stage: 'fresh',
    email: 'seed-story-fresh@vouch.local',
    name: 'Maya',
    gender: 'woman',
    age: 29,
    interests: ['coffee', 'yoga', 'travel'],
    bio: 'Sunrise yoga, sunset coffee. Ask me about Lisbon.',
  },
  {
    stage: 'talking',
    email: 'seed-story-talking@vouch.local',
    name: 'Liam',
    gender: 'man',
    age: 32,
    interests: ['live music', 'cooking', 'cycling'],
    bio: 'Weeknight cook, weekend cyclist. Small gigs over stadiums.',
  },
  {
    stage: 'to-rate',
    email: 'seed-story-to-rate@vouch.local',
    name: 'Sofia',
    gender: 'woman',
    age: 31,
    interests: ['hiking', 'photography', 'dogs'],
    bio: 'Trail runner with a camera and a very good dog.',
  },
  {
    stage: 'rated',
    email: 'seed-story-rated@vouch.local',
    name: 'Noah',
    gender: 'man',
    age: 34,
    interests: ['reading', 'coffee', 'film'],
    bio: 'Bookshop regular. I will recommend you a film whether you ask or not.',
  },
];

const CONVERSATIONS: Record<Exclude<Stage, 'fresh'>, [from: 'them' | 'demo', text: string][]> = {
  talking: [
    ['them', 'Hi! Your lake walk idea sounds great. Are you a sunrise or a sunset person?'],
    ['demo', 'Sunset, always. Coffee first though.'],
    ['them', 'Then I know a place by the water that does both. Saturday?'],
    ['demo', 'Saturday works. I sent a plan in the calendar.'],
    ['them', 'Accepted! Looking forward to it.'],
  ],
  'to-rate': [
    ['demo', 'Thanks for the hike today, your dog stole the show.'],
    ['them', 'He does that. I sent the photo from the summit so we can verify the date.'],
    ['demo', 'Confirmed! That was a lovely afternoon.'],
  ],
  rated: [
    ['them', 'That film was even better on a big screen.'],
    ['demo', 'Agreed. Thank you for a relaxed evening.'],
  ],
};

const PLACES: Record<Exclude<Stage, 'fresh'>, { daysFromNow: number; place: string }> = {
  talking: { daysFromNow: 3, place: 'Lakefront Coffee, North Ave Beach' },
  'to-rate': { daysFromNow: -2, place: 'Starved Rock trailhead' },
  rated: { daysFromNow: -12, place: 'Music Box Theatre' },
};

/** Gives the demo account its four matches, once: a rerun finds them and changes nothing. */
export async function seedDemoStory(deps: SeedDeps, demoId: string, passwordHash: string): Promise<void> {
  const { db } = deps.database;
  const existing = await db
    .select({ email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        STORY.map((s) => s.email),
      ),
    );
  if (existing.length === STORY.length) return;

  for (const [index, member] of STORY.entries()) {
    if (existing.some((row) => row.email === member.email)) continue;
    const { stage, email, name, gender, age, interests, bio } = member;
    const id = await insertMember(db, {
      email,
      name,
      passwordHash,
      profile: { name, age, gender, location: 'Chicago', bio, interests },
      position: CHICAGO,
    });
    await addPhoto(deps, id, await drawPortrait(prng(100 + index), gender === 'woman'));
    // Verified after the photo: a new photo lifts the mark (it vouches for the photos it saw).
    await db.update(profiles).set({ selfieVerified: true }).where(eq(profiles.userId, id));

    // The demo liked first (days ago, so today's free likes are all left), and the match liked back.
    await likeProfile(db, { viewerId: demoId, targetId: id, superLike: false, premium: await isPremium(db, demoId) });
    await db
      .update(likes)
      .set({ createdAt: new Date(Date.now() - (20 - index) * DAY_MS) })
      .where(and(eq(likes.userId, demoId), eq(likes.targetId, id)));
    const made = await likeProfile(db, {
      viewerId: id,
      targetId: demoId,
      superLike: false,
      premium: await isPremium(db, id),
    });
    if (!made.matchId || !made.conversationId) continue;
    const conversationId = made.conversationId;
    // Only the match made just now waits to be announced with 'It's a match!'.
    if (stage !== 'fresh')
      await db.update(matches).set({ announcedToA: true, announcedToB: true }).where(eq(matches.id, made.matchId));
    if (stage === 'fresh') continue;

    for (const [from, text] of CONVERSATIONS[stage])
      await sendMessage(db, from === 'demo' ? demoId : id, conversationId, text, randomUUID());
    const plan = PLACES[stage];
    const startsAt = new Date(Date.now() + plan.daysFromNow * DAY_MS);
    startsAt.setUTCHours(23, 0, 0, 0);
    await db.insert(datePlans).values({
      conversationId,
      proposedBy: demoId,
      invitee: id,
      startsAt,
      place: plan.place,
      status: 'accepted',
      verifyInvitedAt: plan.daysFromNow < 0 ? new Date() : null,
    });
    if (stage === 'talking') continue;

    // A photo from the date, sent by the match and confirmed by the demo: ratings unlock.
    await uploadDatePhoto(
      deps,
      { viewerId: id, conversationId },
      await drawPortrait(prng(200 + index), gender === 'woman'),
    );
    await confirmDate(db, demoId, conversationId);
    await submitRating(db, id, conversationId, { ...WARM_RATING, comment: 'Kind, punctual and easy to talk to.' });
    if (stage === 'rated')
      await submitRating(db, demoId, conversationId, {
        ...WARM_RATING,
        communication: 5,
        comment: 'A thoughtful evening. Would happily meet again.',
      });
  }
}
