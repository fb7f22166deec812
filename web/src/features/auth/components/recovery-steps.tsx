import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const STEPS = [
  { path: paths.forgotPassword, title: 'Your details', hint: 'Enter your e-mail address' },
  { path: paths.checkEmail, title: 'Check your email', hint: 'Open the link we sent you' },
  { path: paths.newPassword, title: 'Set new password', hint: 'Choose a strong password' },
  { path: paths.resetSuccess, title: 'Successfully', hint: 'Log in with it' },
];

/** Whether each step is done, current or still to come, by the page shown. */
export function stepStates(pathname: string): ('completed' | 'current' | 'upcoming')[] {
  const current = STEPS.findIndex((step) => step.path === pathname);
  return STEPS.map((_, i) => (i < current ? 'completed' : i === current ? 'current' : 'upcoming'));
}

/** A recovery page beside the four-step progress list (spec §2). */
export function RecoveryFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const states = stepStates(pathname);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-8 sm:grid-cols-[200px_1fr]">
      <ol aria-label="Password reset progress" className="space-y-4">
        {STEPS.map((step, i) => (
          <li key={step.path} aria-current={states[i] === 'current' ? 'step' : undefined} data-state={states[i]} className="flex gap-3">
            <span
              className={cn(
                'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                states[i] === 'completed' && 'border-emerald-600 bg-emerald-600 text-white',
                states[i] === 'current' && 'border-brand text-brand',
                states[i] === 'upcoming' && 'border-slate-300 text-slate-500',
              )}
            >
              {states[i] === 'completed' ? <Check className="h-4 w-4" aria-label="Completed" /> : i + 1}
            </span>
            <span className={cn('text-sm', states[i] === 'upcoming' ? 'text-slate-500' : 'text-slate-900')}>
              <span className="block font-medium">{step.title}</span>
              <span className="block text-xs text-slate-500">{step.hint}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="space-y-6">{children}</div>
    </div>
  );
}
