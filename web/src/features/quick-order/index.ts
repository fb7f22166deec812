// Quick order's public face (docs/DESIGN.md §11): the page's form, for its route, and
// 'Buy again', which My Orders and the shopper's order page show beside each order.
export { BuyAgain } from './components/buy-again';
export { QuickOrder } from './components/quick-order';
