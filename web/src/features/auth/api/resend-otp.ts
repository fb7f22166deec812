import { apiSend } from '@/lib/api-client';

export const resendOtp = (emailAddress: string) => apiSend<unknown>('POST', '/auth/resend-otp', { emailAddress }, 'Failed to resend OTP');
