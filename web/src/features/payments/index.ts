// The payments feature's public face for other features: checkout pays with a saved or a
// new card (the same card fields as Add New Card), and orders show the card and the
// payment's events, with these shapes.
export { getPaymentConfigQueryOptions, takesCards, usePaymentConfig } from './api/get-payment-config';
export { usePaymentMethods } from './api/get-payment-methods';
export { tokenizeCard, TokenizeError } from './api/tokenize-card';
export type {
  CardPayment,
  CardToken,
  NextAction,
  OrderCard,
  OrderPaymentFields,
  PaymentConfig,
  PaymentMethod,
  PlacedOrderPaymentFields,
} from './api/types';
export { cardErrorMessage } from './card-errors';
export { badgeBrand, type CardInput, cardLabel, EMPTY_CARD, expiryLabel, isCardFilled, primaryFirst, tokenizeRequest } from './cards';
export { CardFields } from './components/card-fields';
export { TEST_MODE, TestModeNote } from './components/test-mode-note';
