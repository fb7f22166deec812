import { OTPInput, REGEXP_ONLY_DIGITS } from 'input-otp';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { resendOtp } from '@/features/auth/api/resend-otp';
import { verifyOtp } from '@/features/auth/api/verify-otp';
import { OTP_ENABLE_AT, OTP_LENGTH, otpSchema } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/lib/page-title';

/** /otp-verify (spec §2): the six-digit code mailed at sign-up. The e-mail comes from the
 * sign-up screen; without it, back to /signup. */
export function Component() {
  useDocumentTitle('Verify your email');
  const navigate = useNavigate();
  const emailAddress = (useLocation().state as { emailAddress?: string } | null)?.emailAddress;
  const { track, setUser, isLoading } = useAuth();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  if (!emailAddress) return <Navigate to={paths.signup} replace />;

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!otpSchema.safeParse({ otp }).success) {
      setError('Please enter a valid OTP.');
      return;
    }
    try {
      const user = await track(verifyOtp(emailAddress, otp));
      if (useAuth.getState().isAuthenticated) setUser(user);
      toast.success('OTP verified successfully!');
      navigate(paths.profileSetup);
    } catch (failure) {
      const message = errorMessage(failure, 'OTP verification failed');
      setError(message || 'OTP verification failed. Please try again.');
      toast.error(message);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await resendOtp(emailAddress);
      toast.success('OTP resent successfully!');
      setError(null);
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to resend OTP');
      setError(message || 'Failed to resend OTP. Please try again.');
      toast.error(message);
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-sm space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Verify your email</h1>
        <p className="mt-1 text-slate-600">
          We sent a {OTP_LENGTH}-digit code to <span className="font-medium text-slate-900 wrap-anywhere">{emailAddress}</span>.
        </p>
      </div>
      <form onSubmit={verify} className="space-y-4">
        <OTPInput
          maxLength={OTP_LENGTH}
          pattern={REGEXP_ONLY_DIGITS}
          value={otp}
          onChange={(value) => {
            setOtp(value);
            setError(null);
          }}
          aria-label="One-time code"
          autoFocus
          containerClassName="flex gap-1.5 sm:gap-2"
          render={({ slots }) =>
            slots.map((slot, i) => (
              <div
                key={i}
                data-testid="otp-slot"
                className={cn(
                  // Six slots fit a 320 px phone: 40 px wide there, 48 px from sm up.
                  'flex h-12 w-10 items-center justify-center rounded-md border text-xl font-semibold sm:w-12',
                  slot.isActive ? 'border-brand ring-2 ring-brand' : 'border-slate-300',
                )}
              >
                {slot.char}
                {slot.hasFakeCaret && <span className="h-5 w-px animate-pulse bg-slate-900" />}
              </div>
            ))
          }
        />
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <Button type="submit" className="h-11 w-full" disabled={otp.length < OTP_ENABLE_AT || isLoading}>
          {isLoading ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <div className="flex items-center justify-between text-sm">
        <button type="button" onClick={resend} disabled={resending} className="min-h-11 font-medium text-brand hover:underline disabled:opacity-50">
          {resending ? 'Sending...' : 'Resend OTP'}
        </button>
        <Link to={paths.login} className="inline-flex min-h-11 items-center text-slate-600 hover:underline">
          Back to log in
        </Link>
      </div>
    </div>
  );
}
