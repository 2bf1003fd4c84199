// Dollar amounts of the cost table: cents, or four decimals below a cent so small costs are not "$0.00".
const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCost(dollars: number): string {
  if (dollars === 0) return "$0.00";
  if (Math.abs(dollars) < 0.01) return `$${dollars.toFixed(4)}`;
  return cents.format(dollars);
}
