// The auth feature's public face for other features: who is signed in (the cart, the
// wishlist, checkout and reviews read the session; their tests set it), and the password
// rule of a new account (the console's invitation page asks for one).
export { signupPassword } from './schemas';
export { useAuth, useSignedInUserId } from './store';
