// The product page's variant picker as rules, without the page (docs/DESIGN.md §9): which
// values of each option can be chosen with the others, which are sold out, which variant
// the page starts from, and where a choice leads.
import type { ProductOption, Variant, VariantOptions } from './variant-types';

/** How one value of an option shows beside the shopper's other current choices. */
export interface ValueState {
  value: string;
  /** The value of the variant shown. */
  chosen: boolean;
  /** No variant has this value together with the other current choices. */
  disabled: boolean;
  /** The variant with this value and the other current choices is out of stock: shown
   * struck through, still selectable. */
  soldOut: boolean;
}

/** One option's values, in the shop's order, and how each shows. */
export interface OptionState {
  name: string;
  values: ValueState[];
}

/** Whether `variant` has `options`' value of every option named there. */
const holds = (variant: Variant, options: VariantOptions) => Object.entries(options).every(([name, value]) => variant.options[name] === value);

/** The picker's state for the variant `current`: each option's values, what is chosen,
 * disabled and sold out. */
export function optionStates(options: ProductOption[], variants: Variant[], current: Variant): OptionState[] {
  return options.map(({ name, values }) => {
    const others = Object.fromEntries(Object.entries(current.options).filter(([other]) => other !== name));
    return {
      name,
      values: values.map((value) => {
        const matching = variants.filter((variant) => variant.options[name] === value && holds(variant, others));
        return {
          value,
          chosen: current.options[name] === value,
          disabled: matching.length === 0,
          soldOut: matching.length > 0 && matching.every((variant) => variant.stock <= 0),
        };
      }),
    };
  });
}

/** Cheaper first, then the shop's order. */
const byPrice = (a: Variant, b: Variant) => a.discountedPrice - b.discountedPrice || a.position - b.position;

/** The variant a page shows before any choice: the cheapest in stock, else (all sold out)
 * the cheapest. */
export function initialVariant(variants: Variant[]): Variant {
  const sorted = [...variants].sort(byPrice);
  return sorted.find((variant) => variant.stock > 0) ?? sorted[0];
}

/** The variant the URL names (`?variant=<id>`), or null when it names none of these (the
 * page then starts from `initialVariant` and puts that one in the URL). */
export function variantById(variants: Variant[], id: string | null): Variant | null {
  return (id && variants.find((variant) => variant._id === id)) || null;
}

/** The variant reached by choosing `value` for option `name` while `current` is shown:
 * the one with that value and every other current choice; if there is none, the nearest
 * existing one with that value, keeping as many current choices as possible (those of
 * earlier options first), then one in stock, then the shop's order. Null when no variant
 * has the value at all. */
export function chooseValue(options: ProductOption[], variants: Variant[], current: Variant, name: string, value: string): Variant | null {
  const candidates = variants.filter((variant) => variant.options[name] === value);
  if (candidates.length === 0) return null;
  const others = options.map((option) => option.name).filter((other) => other !== name);
  // One flag per other option, earlier options first: compared in order, more kept wins.
  const kept = (variant: Variant) => others.map((other) => (variant.options[other] === current.options[other] ? 1 : 0));
  const score = (variant: Variant) => {
    const flags = kept(variant);
    return [flags.reduce((sum: number, flag) => sum + flag, 0), ...flags, variant.stock > 0 ? 1 : 0];
  };
  return candidates.reduce((best, variant) => {
    const [a, b] = [score(variant), score(best)];
    for (let i = 0; i < a.length; i += 1) {
      if (a[i] !== b[i]) return a[i] > b[i] ? variant : best;
    }
    return variant.position < best.position ? variant : best;
  });
}
