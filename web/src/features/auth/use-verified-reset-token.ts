import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { verifyResetToken } from '@/features/auth/api/verify-reset-token';

/** Checks a reset link's token on load (spec §4, §8): true once the server accepts it;
 * a missing or refused token is said in a toast and sends the shopper back to
 * /forgot-password. */
export function useVerifiedResetToken(token: string): boolean {
  const navigate = useNavigate();
  const [verified, setVerified] = useState(false);
  useEffect(() => {
    if (!token) {
      toast.error('Invalid reset link. Please request a new password reset.');
      navigate(paths.forgotPassword, { replace: true });
      return;
    }
    let current = true;
    verifyResetToken(token)
      .then(() => current && setVerified(true))
      .catch(() => {
        if (!current) return;
        toast.error('Invalid or expired reset link. Please request a new one.');
        navigate(paths.forgotPassword, { replace: true });
      });
    return () => {
      current = false;
    };
  }, [token, navigate]);
  return verified;
}
