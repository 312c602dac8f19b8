import type { TPhotoMatch } from '@contracts/safety';
import { thumbnailOf } from '@contracts/picture-urls';

const STANDING = { active: 'active account', banned: 'banned account', deleted: 'deleted account' } as const;

function Picture({ url, alt, caption, gone }: { url: string | null; alt: string; caption: string; gone: string }) {
  return (
    <figure className="grid content-start gap-1">
      {url ? (
        <img src={thumbnailOf(url)} alt={alt} className="size-32 rounded-xl object-cover sm:size-40" />
      ) : (
        <div className="flex size-32 items-center justify-center rounded-xl bg-muted p-3 sm:size-40 text-center text-xs text-muted-foreground">
          {gone}
        </div>
      )}
      <figcaption className="max-w-32 text-xs text-muted-foreground sm:max-w-40">{caption}</figcaption>
    </figure>
  );
}

/**
 * A "reused photo" case's evidence: the uploaded picture beside the one it matched, who had the
 * picture first (a copycat's case names the owner, so her own picture coming back is not read as
 * the copycat's), and how close they are.
 */
export function PhotoMatchEvidence({ match, subjectName }: { match: TPhotoMatch; subjectName: string }) {
  const other = `${match.matched.name} (${STANDING[match.matched.standing]})`;
  return (
    <div className="grid gap-2" role="group" aria-label="The two pictures">
      <p className="text-xs font-semibold uppercase text-muted-foreground">The two pictures</p>
      <div className="flex flex-wrap gap-3">
        <Picture
          url={match.subjectImageUrl}
          alt={`The picture ${subjectName} uploaded`}
          caption={`Uploaded by ${subjectName}`}
          gone="Removed since"
        />
        <Picture
          url={match.matchedImageUrl}
          alt={`The matching picture of ${other}`}
          caption={`Matches a picture of ${other}`}
          gone="Only its print is kept: the picture was deleted or removed"
        />
      </div>
      <p className="text-sm">
        First seen on: {match.firstSeen.name}{' '}
        {match.firstSeen.uploadedAt
          ? `(uploaded ${new Date(match.firstSeen.uploadedAt).toLocaleString()})`
          : '(when is no longer known: the account was deleted)'}
      </p>
      <p className="text-xs text-muted-foreground">
        {match.closeness.bits} of 64 bits apart, colours ΔE {match.closeness.colourDistance}. Compare them by eye: a
        friend's photo or a shared picture can match too.
      </p>
    </div>
  );
}
