import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { Field, fieldControlClass } from '@/admin/shared/components/form-field';
import type { AdminTradeApplication } from '@/api/types';
import { Button } from '@/components/ui/button';
import { currencySymbol } from '@/lib/format';
import { useCustomerGroups } from '../api/customer-groups';
import { useApproveApplication, useRejectApplication } from '../api/trade-applications';
import { showRefusal } from '../show-refusal';
import { APPROVE_DEFAULTS, approveRequest, approveSchema, MAX_REASON_CHARS, MAX_TERMS_DAYS, rejectSchema, type ApproveValues, type RejectValues } from '../trade-schema';

const controlClass = `${fieldControlClass} h-11`;
const APPROVE_FIELDS: readonly string[] = ['groupId', 'creditLimit', 'termsDays'];

/** A refusal in the server's words, above the form's button. */
function RootError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}

/** 'Approve': the customer group the account joins (offered from the shop's groups, with
 * the way to create one when there are none), its credit limit (0: no paying on account)
 * and payment terms. The server's refusals show under their fields; one that says the
 * application was decided already (409) above the button, while the list loads again. */
export function ApproveForm({ application, onDecided }: { application: AdminTradeApplication; onDecided: () => void }) {
  const headingId = useId();
  const groups = useCustomerGroups();
  const approve = useApproveApplication(application._id);
  const form = useForm<ApproveValues>({ resolver: zodResolver(approveSchema), defaultValues: APPROVE_DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const noGroups = groups.isSuccess && groups.data.length === 0;

  const submit = form.handleSubmit(async (values) => {
    try {
      await approve.mutateAsync(approveRequest(values));
    } catch (error) {
      showRefusal(form, error, (key) => (APPROVE_FIELDS.includes(key) ? key : undefined), 'Failed to approve the application');
      return;
    }
    toast.success(`Trade account for ${application.companyName} approved`);
    onDecided();
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold">
        Approve
      </h3>
      <Field label="Customer group" hint="Its prices and discounts apply to the account." error={errors.groupId?.message}>
        {({ id, describedBy }) => (
          <select id={id} aria-invalid={errors.groupId ? true : undefined} aria-describedby={describedBy} className={controlClass} {...form.register('groupId')}>
            <option value="">{groups.isPending ? 'Loading groups...' : 'Choose a group'}</option>
            {groups.data?.map((group) => (
              <option key={group._id} value={group._id}>
                {group.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {groups.isError && (
        <p className="text-sm text-red-600">
          {groups.error.message}{' '}
          <button type="button" className="underline" onClick={() => void groups.refetch()}>
            Try again
          </button>
        </p>
      )}
      {noGroups && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The shop has no customer groups yet.{' '}
          <Link to={adminPaths.newCustomerGroup} className="font-medium underline">
            Create a customer group
          </Link>{' '}
          first, then approve.
        </p>
      )}
      <Field label={`Credit limit (${currencySymbol('rupees')})`} hint="0: the account cannot pay on account." error={errors.creditLimit?.message}>
        {({ id, describedBy }) => (
          <input id={id} inputMode="decimal" aria-invalid={errors.creditLimit ? true : undefined} aria-describedby={describedBy} className={controlClass} {...form.register('creditLimit')} />
        )}
      </Field>
      <Field label="Payment terms (days)" hint={`From an account order to its due date, 0 to ${MAX_TERMS_DAYS}.`} error={errors.termsDays?.message}>
        {({ id, describedBy }) => (
          <input id={id} inputMode="numeric" aria-invalid={errors.termsDays ? true : undefined} aria-describedby={describedBy} className={controlClass} {...form.register('termsDays')} />
        )}
      </Field>
      <RootError message={errors.root?.message} />
      <Button type="submit" className="h-11 w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Approving...' : 'Approve application'}
      </Button>
    </form>
  );
}

/** 'Reject', with the reason the applicant's letter quotes (required). */
export function RejectForm({ application, onDecided }: { application: AdminTradeApplication; onDecided: () => void }) {
  const headingId = useId();
  const reject = useRejectApplication(application._id);
  const form = useForm<RejectValues>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await reject.mutateAsync(values);
    } catch (error) {
      showRefusal(form, error, (key) => (key === 'reason' ? key : undefined), 'Failed to reject the application');
      return;
    }
    toast.success(`Application from ${application.companyName} rejected`);
    onDecided();
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold">
        Reject
      </h3>
      <Field label="Reason" hint={`The letter to the applicant quotes it; at most ${MAX_REASON_CHARS} characters.`} error={errors.reason?.message}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={4}
            maxLength={MAX_REASON_CHARS}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy}
            className={`${fieldControlClass} py-2`}
            {...form.register('reason')}
          />
        )}
      </Field>
      <RootError message={errors.root?.message} />
      <Button type="submit" className="h-11 w-full bg-red-600 hover:bg-red-700 sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Rejecting...' : 'Reject application'}
      </Button>
    </form>
  );
}
