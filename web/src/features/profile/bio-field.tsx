import { useState, type ComponentProps } from 'react';
import { toast } from '@/lib/toast';
import { Sparkles } from 'lucide-react';
import { AUTH_DELAYS, TOASTS } from '@contracts/messages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { suggestBio } from './suggest-bio';

type Props = {
  error?: string;
  /** The textarea's registration with the form (react-hook-form's `register('bio')`). */
  textarea: ComponentProps<typeof Textarea>;
  /** What the suggestion is written from, read when the button is pressed. */
  details: () => { name?: string; interests?: string[] };
  onSuggested: (bio: string) => void;
};

/** The bio with its 'AI Suggest' button: a local template, never a network call. */
export function BioField({ error, textarea, details, onSuggested }: Props) {
  const [suggesting, setSuggesting] = useState(false);
  const suggest = async () => {
    setSuggesting(true);
    try {
      onSuggested(await suggestBio(details(), AUTH_DELAYS.bioSuggestionMs));
    } catch {
      toast.error(TOASTS.bioSuggestionFailed.title, { description: TOASTS.bioSuggestionFailed.description });
    } finally {
      setSuggesting(false);
    }
  };
  return (
    <div className="grid gap-1.5">
      <Field label="Bio" optional error={error}>
        <Textarea rows={5} placeholder="A few words about you" {...textarea} />
      </Field>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="justify-self-end"
        onClick={() => void suggest()}
        disabled={suggesting}
      >
        <Sparkles aria-hidden /> {suggesting ? 'Writing...' : 'AI Suggest'}
      </Button>
    </div>
  );
}
