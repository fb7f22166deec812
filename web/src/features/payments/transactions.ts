// How a transaction reads in Transaction History (the payments contract): the card, what
// it was for, and the amount, a refund as money going back.
import type { Transaction, TransactionKind } from './api/types';
import { maskedCard } from './cards';

const PURPOSE: Record<TransactionKind, string> = {
  capture: 'Payment',
  refund: 'Refund',
  authorization: 'Authorization',
  void: 'Authorization released',
};

/** '•••• 4242', or 'Cash' for a cash order marked paid. */
export const transactionSource = (transaction: Pick<Transaction, 'last4'>) => (transaction.last4 === null ? 'Cash' : maskedCard(transaction.last4));

/** What it was for: 'Payment for order' (the number follows), 'Refund for order', …; a
 * card refused before any order was placed reads 'Authorization, no order placed'. */
export const transactionPurpose = (transaction: Pick<Transaction, 'kind' | 'orderNumber'>) =>
  transaction.orderNumber === null ? `${PURPOSE[transaction.kind]}, no order placed` : `${PURPOSE[transaction.kind]} for order`;

/** Refunds are shown as money going back: '-₹20.00'. */
export const isRefund = (transaction: Pick<Transaction, 'kind'>) => transaction.kind === 'refund';
