// Names for the server's schemas, generated into schema.d.ts from the OpenAPI document.
import type { components } from './schema';

type Schemas = components['schemas'];

export type Product = Schemas['Product'];
export type Category = Schemas['Category'];
export type Banner = Schemas['Banner'];
export type HomePage = Schemas['HomePage'];
export type ProductList = Schemas['ProductList'];
export type CategoryList = Schemas['CategoryList'];
export type User = Schemas['User'];
export type Review = Schemas['Review'];
export type ReviewList = Schemas['ReviewList'];
export type Item = Schemas['Item'];
export type Synced = Schemas['Synced'];
export type CartDetail = Schemas['CartDetail'];
export type Order = Schemas['Order'];
export type OrderLine = Schemas['OrderLine'];
export type OrderEvent = Schemas['OrderEvent'];
export type OrderList = Schemas['OrderList'];
export type PlacedOrder = Schemas['PlacedOrder'];
export type Quote = Schemas['Quote'];
export type QuoteLine = Schemas['QuoteLine'];
export type Contact = Schemas['Contact'];
export type OrderStatus = Schemas['OrderStatus'];
export type OrderPaymentStatus = Schemas['OrderPaymentStatus'];
export type OrderFulfilment = Schemas['OrderFulfilment'];
export type OrderEventType = Schemas['OrderEventType'];
export type CardUsed = Schemas['CardUsed'];
export type NextAction = Schemas['NextAction'];
export type NewPaymentMethod = Schemas['NewPaymentMethod'];
export type Payment = Schemas['Payment'];
export type PaymentConfig = Schemas['PaymentConfig'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type Transaction = Schemas['Transaction'];
export type TransactionKind = Schemas['TransactionKind'];
export type TransactionList = Schemas['TransactionList'];
export type TransactionStatus = Schemas['TransactionStatus'];
