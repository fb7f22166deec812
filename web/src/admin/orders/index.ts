// What other console areas show of an order: a customer's page lists their orders with
// the orders table's badges and labels.
export { PaymentBadge, StatusBadge } from './components/order-badges';
export { FULFILMENT_LABELS } from './labels';
