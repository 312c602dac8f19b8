import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeOff, X } from 'lucide-react';
import type { THiddenWords } from '@contracts/hidden-words';
import { QuerySection } from '@/components/page/settings-section';
import { Field } from '@/components/ui/field';
import { Input, SubmitButton } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { hiddenWordsQueryOptions, hideWords, splitWords, unhideWord } from './safety-api';

/** Settings: words, phrases or emoji whose messages go to the Hidden folder, with no toast. */
export function HiddenWordsSection() {
  const client = useQueryClient();
  const words = useQuery(hiddenWordsQueryOptions);
  const [text, setText] = useState('');
  const saved = (list: THiddenWords) => client.setQueryData(hiddenWordsQueryOptions.queryKey, list);
  const add = useMutation({
    mutationFn: () => hideWords(splitWords(text)),
    onSuccess: (list) => {
      saved(list);
      setText('');
    },
  });
  const remove = useMutation({
    mutationFn: unhideWord,
    onSuccess: saved,
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const error = add.error instanceof ApiError ? (add.error.fields?.words ?? add.error.message) : undefined;
  return (
    <QuerySection
      id="hidden-words"
      icon={EyeOff}
      title="Hidden words"
      description="Messages with these words, phrases or emoji go to a Hidden folder in Messages, without a notification. Nobody is told."
      query={words}
      failure="Could not load your hidden words."
    >
      {(current: THiddenWords) => (
        <div className="grid gap-3">
          <form
            className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start"
            onSubmit={(event) => {
              event.preventDefault();
              if (splitWords(text).length) add.mutate();
            }}
          >
            <Field
              label="Hide messages with"
              hint={`Separate words with commas. ${current.words.length} of ${current.max}.`}
              error={error}
            >
              <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. nudes, 🍆, venmo" />
            </Field>
            <SubmitButton className="sm:mt-7" pending={add.isPending} pendingLabel="Adding...">
              Add
            </SubmitButton>
          </form>
          {current.words.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Hidden words">
              {current.words.map(({ word }) => (
                <li key={word} className="flex items-center gap-1 rounded-full bg-muted py-1 pl-3 pr-1 text-sm">
                  {word}
                  <button
                    type="button"
                    className="rounded-full p-1 hover:bg-background"
                    aria-label={`Stop hiding ${word}`}
                    onClick={() => remove.mutate(word)}
                    disabled={remove.isPending}
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </QuerySection>
  );
}
