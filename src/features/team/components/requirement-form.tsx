import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { inputClasses } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { secondFactorRequirementSchema } from '@/schemas/team';
import { secondFactorStatusQuery, useRequireSecondFactor } from '../api/second-factor';
import { formText } from '../form-text';

/** The owners' choice of who must sign in with a second factor. */
export function RequirementForm() {
  const status = useQuery(secondFactorStatusQuery());
  const save = useRequireSecondFactor();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  if (!status.data) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = secondFactorRequirementSchema.safeParse(
      formText(new FormData(event.currentTarget), 'required'),
    );
    if (!chosen.success) return;
    save.mutate(chosen.data, {
      onSuccess: () => setMessage({ ok: true, text: 'Saved.' }),
      onError: (failure) => setMessage({ ok: false, text: describeApiError(failure).description }),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          Who must sign in with a second factor
        </label>
        <select id={id} name="required" defaultValue={status.data.requirement} className={inputClasses}>
          <option value="none">Nobody (each person may turn it on)</option>
          <option value="owners">Owners</option>
          <option value="everyone">Everyone</option>
        </select>
      </div>
      <Button type="submit" isPending={save.isPending}>
        Save
      </Button>
      <p
        role={message?.ok ? 'status' : 'alert'}
        className={message?.ok ? 'text-sm text-green-800' : 'text-sm text-red-700'}
      >
        {message?.text}
      </p>
    </form>
  );
}
