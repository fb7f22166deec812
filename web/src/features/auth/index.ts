// The auth feature's public face for other features: who is signed in (the cart, the
// wishlist, checkout and reviews read the session; their tests set it).
export { useAuth, useSignedInUserId } from './store';
