import type { FieldControl } from '../../components/field';
import { useCompose } from './compose-store';
import { useSendResult } from './send-result';

/** An edit of the box; after a refused send the refusal is about the numbers as they were. */
export function useEdit(): (next: string) => void {
  const setRecipients = useCompose((s) => s.setRecipients);
  const clearResult = useSendResult((s) => s.clear);
  return (next) => {
    setRecipients(next);
    clearResult();
  };
}

/** The textarea alone: the one part of the screen a keystroke draws (see useRecipients). */
export function RecipientsBox({ control }: { control: FieldControl }) {
  const text = useCompose((s) => s.recipientsText);
  const edit = useEdit();
  return (
    <textarea
      {...control}
      rows={8}
      value={text}
      spellCheck={false}
      onChange={(e) => edit(e.target.value)}
    />
  );
}
