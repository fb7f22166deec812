import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { deleteAccount } from '@/features/auth/api/delete-account';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';

/** Profile Settings' 'Delete Account' (spec §2): what goes, and a dialog asking for the
 * current password. Success signs out and goes home. */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const { signOut, track, isLoading } = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password.trim()) return;
    try {
      await track(deleteAccount(password));
      // Home first (its code loaded): signed out here, the guard would send the
      // shopper to /login instead.
      await navigate(paths.home);
      signOut();
      toast.success('Account deleted successfully!');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to delete account'));
    }
  };
  return (
    <section aria-labelledby="delete-heading" className="space-y-3 rounded-lg border border-red-200 p-5">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-700">
        Delete Account
      </h2>
      <p className="text-sm text-slate-600">Your account, profile, cart and wishlist are removed for good. Your reviews stay, without your name.</p>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
            Delete Account
          </Button>
        </DialogTrigger>
        <DialogContent title="Delete Account" description="Enter your current password to delete your account. This cannot be undone.">
          <form noValidate onSubmit={remove} className="space-y-4">
            <FormField
              label="Current Password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={error ?? undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(null);
              }}
            />
            <Button type="submit" className="w-full bg-red-600 hover:bg-red-700" disabled={!password.trim() || isLoading}>
              {isLoading ? 'Deleting... Account' : 'Delete Account'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
