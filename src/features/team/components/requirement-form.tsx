import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { describeApiError } from '@/lib/describe-error';
import { secondFactorRequirementRequestSchema, type SecondFactorRequirement } from '@/schemas/team';
import { secondFactorStatusQuery, useRequireSecondFactor } from '../api/second-factor';

/** The owners' choice of who must sign in with a second factor. */
export function RequirementForm() {
  const status = useQuery(secondFactorStatusQuery());
  if (!status.data) return null;
  return <RequirementChoice current={status.data.requirement} />;
}

function RequirementChoice({ current }: { current: SecondFactorRequirement }) {
  const save = useRequireSecondFactor();
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(secondFactorRequirementRequestSchema),
    defaultValues: { required: current },
  });
  const message = save.isSuccess
    ? { ok: true, text: 'Saved.' }
    : save.isError
      ? { ok: false, text: describeApiError(save.error).description }
      : null;
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(({ required }) => save.mutate(required))(event)}
      className="flex flex-wrap items-end gap-3"
    >
      <SelectField {...register('required')} label="Who must sign in with a second factor">
        <option value="none">Nobody (each person may turn it on)</option>
        <option value="owners">Owners</option>
        <option value="everyone">Everyone</option>
      </SelectField>
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
