import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Field, fieldControlClass } from '@/admin/shared/components/form-field';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@/admin/shared/permissions';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { useInviteStaff } from '../api/staff';
import { ROLE_DESCRIPTIONS } from '../labels';
import { inviteSchema, type InviteValues } from '../staff-schema';

const EMPTY: InviteValues = { emailAddress: '', role: '' };

/** 'Invite': an address and the role it joins with. The server mails a link to
 * /admin/accept-invite, where they choose a password. Its refusals show on the fields
 * they name, or above the button (the address already on the staff or invited, the staff
 * full). */
export function InviteForm() {
  const invite = useInviteStaff();
  const form = useForm<InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ emailAddress, role }) => {
    try {
      const { message } = await invite.mutateAsync({ emailAddress, role: role as StaffRole });
      form.reset(EMPTY);
      toast.success(message || `Invitation sent to ${emailAddress}`);
    } catch (error) {
      let placed = false;
      for (const [field, message] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
        if (field !== 'emailAddress' && field !== 'role') continue;
        form.setError(field, { message }, { shouldFocus: !placed });
        placed = true;
      }
      if (!placed) form.setError('root', { message: errorMessage(error, 'Failed to send the invitation') });
    }
  });

  return (
    <section aria-labelledby="invite-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invite-heading" className="text-base font-semibold">
        Invite
      </h2>
      <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <FormField label="Email" type="email" autoComplete="off" error={errors.emailAddress?.message} {...form.register('emailAddress')} />
          <Field label="Role" error={errors.role?.message}>
            {({ id, describedBy }) => (
              <select id={id} aria-invalid={errors.role ? true : undefined} aria-describedby={describedBy} className={cn(fieldControlClass, 'h-11')} {...form.register('role')}>
                <option value="">Choose a role</option>
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button type="submit" className="h-11 sm:mt-6" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
        {errors.root && (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        )}
      </form>
      <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-xs text-slate-600 sm:grid-cols-[6rem_1fr]">
        {STAFF_ROLES.map((role) => (
          <div key={role} className="contents">
            <dt className="font-medium text-slate-700">{ROLE_LABELS[role]}</dt>
            <dd>{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
