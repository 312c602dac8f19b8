import { describe, expect, it } from 'vitest';
import { nudgeFor } from './nudges';

describe('safety nudges', () => {
  it.each([
    // Insults, as written and disguised.
    ['You are an idiot', 'insult'],
    ['shut up already', 'insult'],
    ['fuck off', 'insult'],
    ['f*** you', 'insult'],
    ['F*ck off then', 'insult'],
    ['fk u', 'insult'],
    ['you absolute 1d10t', 'insult'],
    ['what an i d i o t', 'insult'],
    ['you are s.t.u.p.i.d', 'insult'],
    ['stuuuupid', 'insult'],
    ['Idíot', 'insult'],
    ['b*tch', 'insult'],
    // Solicitation.
    ['send me nudes', 'solicitation'],
    ['send me n00dz', 'solicitation'],
    ['Are you DTF tonight?', 'solicitation'],
    ['n u d e s?', 'solicitation'],
    // Payment.
    ['Can you Venmo me for the tickets?', 'payment'],
    ['I only take gift cards', 'payment'],
    ['Let me tell you about an investment opportunity in bitcoin', 'payment'],
    ['send it on revolut', 'payment'],
    ['c a s h a p p me', 'payment'],
    // Moving the conversation off the app.
    ['text me on whatsapp instead', 'off_platform'],
    ['Add me on Snapchat', 'off_platform'],
    ['my snap is maya_92', 'off_platform'],
    ["let's talk on telegram", 'off_platform'],
    ['message me on signal', 'off_platform'],
    ['w h a t s a p p me', 'off_platform'],
    ['wh4tsapp?', 'off_platform'],
    ['my number is 555 201 9934', 'off_platform'],
    ['+44 7700 900123', 'off_platform'],
    ['(312) 555-0199 call me', 'off_platform'],
    ['text me instead', 'off_platform'],
    ['call me at 312 555 0199', 'off_platform'],
    ["what's your number?", 'off_platform'],
    ['write to maya.k@example.com', 'off_platform'],
    ['my insta is @maya', 'off_platform'],
  ])('flags %j as %s', (text, kind) => {
    expect(nudgeFor(text)).toBe(kind);
  });

  // The disguises the hidden words fold away (hidden-words.test.ts) fold away here too: the
  // lexicon reads text with the same foldForMatching.
  it.each([
    ['\u0456d\u0456\u043Et', 'insult'],
    ['you l\u043Es\u0435r', 'insult'],
    ['what an id\u200Biot', 'insult'],
    ['st\u00ADupid', 'insult'],
    ['\u0131d\u0131ot', 'insult'],
    ['\u0130D\u0130OT', 'insult'],
    ['i\u0336d\u0335i\u0338o\u0334t', 'insult'],
    ['\u0399D\u0399\u039FT', 'insult'],
    ['s\u0435nd n\u03C5d\u0435s', 'solicitation'],
    ['$end nude$', 'solicitation'],
    ['n u d 3 s?', 'solicitation'],
    ['ven\u2060mo me', 'payment'],
    ['ｖｅｎｍｏ', 'payment'],
    ['ve\u0301nmo', 'payment'],
    [`pay${String.fromCodePoint(0xe0020)}pal`, 'payment'],
    ['\u0440\u0430ypal', 'payment'],
    ['add me on tele\uFEFFgram', 'off_platform'],
    ['wh\u0430ts\u0430pp', 'off_platform'],
    ['t.e.l.e.g.r.a.m', 'off_platform'],
  ])('flags the disguised %j as %s', (text, kind) => {
    expect(nudgeFor(text)).toBe(kind);
  });

  it.each([
    'Coffee on Saturday?',
    'I was stupidly excited about the concert',
    'We drove through Scunthorpe',
    'My cashier job is fun',
    'Hiking, then cards at my friends?',
    'Message me on Saturday when you are free',
    'Call me old-fashioned, but I like letters',
    'I ran 10 km in 52:30 this morning',
    'My flight lands at 10:45 on 12/03/2025',
    'The match starts at 7 pm, 3-1 last time',
    "I'm 5'7\" and love to dance",
    'Snapdragon is my favourite flower',
    'Can you lend me a hand with the picnic?',
    'If you like jazz, you will love this bar',
    'That film was my number one this year',
    'The shuttle leaves at 9 from gate 14',
    'I have 2 dogs and 1 cat',
    'It costs 40 dollars, my treat',
    'Room 1203 at the museum has the Monets',
    'Fuchsia is such a pretty colour',
    'The signal was bad on the trail',
    'Great to meet you! See you Friday at 8.',
    'I scored 98 out of 100 on the quiz',
    "I'm 25 and live 455 km away",
    'Привет! Как дела?',
    'Let us meet a.s.a.p.',
    'I passed the class',
  ])('leaves %j alone', (text) => {
    expect(nudgeFor(text)).toBeNull();
  });
});
