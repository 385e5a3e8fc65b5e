// Issue #38: the words of "solve for" and of the desk's gross (README "Solve for a payment").

export const SOLVE_TEXT = {
  none: {
    sellingPrice: (target: string) => `No selling price reaches ${target}/mo at these terms`,
    downPayment: (target: string) => `No down payment reaches ${target}/mo at these terms`,
    months: (target: string) => `No term reaches ${target}/mo at these terms`,
  },
  noOption: "No option at this index",
} as const;
