import * as z from 'zod/mini'
import { call } from './call'

// Imported on its own (not through '@/lib/api'): only the plan screens use the budget and the
// suppliers. Money is in centavos, as the database keeps and computes it
// (supabase/schemas/12_budget.sql).

/**
 * The budget's ten categories, in their order; a supplier's service is one of them. A budget line
 * may also be in a category the couple names.
 */
export const budgetCategories = [
  'catering',
  'venue',
  'church',
  'attire',
  'photo_video',
  'flowers',
  'hair_makeup',
  'rings',
  'invitations',
  'others',
] as const
export type BudgetCategory = (typeof budgetCategories)[number]

export const headCountBases = ['invited', 'attending'] as const
export type HeadCountBasis = (typeof headCountBases)[number]

export const paymentKinds = ['down_payment', 'balance', 'other'] as const
export type PaymentKind = (typeof paymentKinds)[number]

export const supplierStatuses = ['considering', 'booked', 'paid', 'cancelled'] as const
export type SupplierStatus = (typeof supplierStatuses)[number]

const centavos = z.number()

export const budgetPayment = z.object({
  id: z.string(),
  kind: z.enum(paymentKinds),
  amountCentavos: z.nullable(centavos),
  percent: z.nullable(z.number()),
  /** The amount, or the percentage of the line's price, in centavos. */
  dueCentavos: centavos,
  dueOn: z.nullable(z.string()),
  paid: z.boolean(),
  paidOn: z.nullable(z.string()),
})
export type BudgetPayment = z.infer<typeof budgetPayment>

/** True for one of the ten categories (not one the couple named). */
export function isBudgetCategory(category: string): category is BudgetCategory {
  return (budgetCategories as readonly string[]).includes(category)
}

export const budgetLine = z.object({
  id: z.string(),
  /** One of budgetCategories, or the couple's own category's name. */
  category: z.string(),
  name: z.string(),
  estimateCentavos: z.nullable(centavos),
  quoteCentavos: z.nullable(centavos),
  pricePerHeadCentavos: z.nullable(centavos),
  headCountBasis: z.nullable(z.enum(headCountBases)),
  heads: z.nullable(z.number()),
  withService: z.boolean(),
  withVat: z.boolean(),
  actualCentavos: z.nullable(centavos),
  quoteBaseCentavos: z.nullable(centavos),
  serviceCentavos: z.nullable(centavos),
  vatCentavos: z.nullable(centavos),
  quoteTotalCentavos: z.nullable(centavos),
  /** The actual when recorded, else the quote with its charges, else the estimate. */
  priceCentavos: z.nullable(centavos),
  paidCentavos: centavos,
  leftCentavos: centavos,
  payments: z.array(budgetPayment),
  updatedAt: z.string(),
})
export type BudgetLine = z.infer<typeof budgetLine>

export const budget = z.object({
  lines: z.array(budgetLine),
  guests: z.object({ attending: z.number(), invited: z.number() }),
  /** This month in Manila, `YYYY-MM`. */
  month: z.string(),
  totals: z.object({
    estimateCentavos: centavos,
    quoteCentavos: centavos,
    actualCentavos: centavos,
    priceCentavos: centavos,
    paidCentavos: centavos,
    leftCentavos: centavos,
    dueThisMonthCentavos: centavos,
    dueThisMonthCount: z.number(),
    costPerGuestCentavos: z.nullable(centavos),
  }),
})
export type Budget = z.infer<typeof budget>

export const supplier = z.object({
  id: z.string(),
  name: z.string(),
  service: z.enum(budgetCategories),
  phone: z.nullable(z.string()),
  messenger: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  status: z.enum(supplierStatuses),
  /** Null for those who do not see the money, as are the line and its payments. */
  contractCentavos: z.nullable(centavos),
  budgetLineId: z.nullable(z.string()),
  budgetLine: z.nullable(budgetLine),
  updatedAt: z.string(),
})
export type Supplier = z.infer<typeof supplier>

export interface BudgetLineInput {
  category: string
  name: string
  estimateCentavos: number | null
  /** A per-head line has a price per head and a basis, and no quote of its own. */
  quoteCentavos: number | null
  pricePerHeadCentavos: number | null
  headCountBasis: HeadCountBasis | null
  actualCentavos: number | null
  withService: boolean
  withVat: boolean
}

export interface BudgetPaymentInput {
  lineId: string
  kind: PaymentKind
  /** Exactly one of the amount and the percentage of the line's price. */
  amountCentavos: number | null
  percent: number | null
  dueOn: string | null
  paid: boolean
  paidOn: string | null
}

export interface SupplierInput {
  name: string
  service: BudgetCategory
  phone: string | null
  messenger: string | null
  notes: string | null
  status: SupplierStatus
  /** Left as they were when the caller does not see the money. */
  contractCentavos: number | null
  budgetLineId: string | null
}

/** The budget with every figure computed; wedding_not_found for those who do not see the money. */
export function getBudget(weddingId: string) {
  return call('get_budget', { p_wedding_id: weddingId }, budget)
}

/** Adds a line (lineId null) or changes one; returns its id. */
export function saveBudgetLine(weddingId: string, lineId: string | null, input: BudgetLineInput) {
  return call(
    'save_budget_line',
    { p_wedding_id: weddingId, p_line: { id: lineId, ...input } },
    z.string(),
  )
}

export function deleteBudgetLine(weddingId: string, lineId: string) {
  return call('delete_budget_line', { p_wedding_id: weddingId, p_line_id: lineId }, z.unknown())
}

/** Adds a payment (paymentId null) or changes one; returns its id. */
export function saveBudgetPayment(
  weddingId: string,
  paymentId: string | null,
  input: BudgetPaymentInput,
) {
  return call(
    'save_budget_payment',
    { p_wedding_id: weddingId, p_payment: { id: paymentId, ...input } },
    z.string(),
  )
}

export function deleteBudgetPayment(weddingId: string, paymentId: string) {
  return call(
    'delete_budget_payment',
    { p_wedding_id: weddingId, p_payment_id: paymentId },
    z.unknown(),
  )
}

/** The suppliers; their amounts are null for those who do not see the money. */
export function listSuppliers(weddingId: string) {
  return call('list_suppliers', { p_wedding_id: weddingId }, z.array(supplier))
}

/** Adds a supplier (supplierId null) or changes one; returns its id. */
export function saveSupplier(weddingId: string, supplierId: string | null, input: SupplierInput) {
  return call(
    'save_supplier',
    { p_wedding_id: weddingId, p_supplier: { id: supplierId, ...input } },
    z.string(),
  )
}

export function deleteSupplier(weddingId: string, supplierId: string) {
  return call(
    'delete_supplier',
    { p_wedding_id: weddingId, p_supplier_id: supplierId },
    z.unknown(),
  )
}

/** Lets the coordinator see the money, or not (the owner and partner only). */
export function setCoordinatorSeesMoney(weddingId: string, allowed: boolean) {
  return call(
    'set_coordinator_sees_money',
    { p_wedding_id: weddingId, p_allowed: allowed },
    z.object({ coordinatorSeesMoney: z.boolean() }),
  )
}
