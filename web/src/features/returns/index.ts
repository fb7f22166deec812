// The returns feature's public face (docs/DESIGN.md §12): the order page shows an order's
// returns and 'Return items'; the app's routes show the form and a return's page.
export type { Return, ReturnReason, ReturnStatus } from './api/types';
export { OrderReturns } from './components/order-returns';
export { ReturnPage } from './components/return-page';
export { ReturnRequestPage } from './components/return-request-page';
export { REASON_LABELS, returnPaths, STATUS_LABELS } from './returns';
