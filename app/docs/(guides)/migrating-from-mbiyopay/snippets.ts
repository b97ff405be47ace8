/** The MbiyoPay migration guide's code samples, shared by its English and French pages (not translated). */
export const migratingSnippets = {
  hundredthsError: JSON.stringify(
    {
      status: "error",
      message: "Amount must be between 500 and 1500000 XOF for CI",
      data: { amount: 150000000, min_amount: 500, max_amount: 1500000, currency: "XOF" },
    },
    null,
    2,
  ),
};
