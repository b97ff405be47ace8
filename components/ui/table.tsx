import { cx } from "./cx";

/**
 * Horizontal scroll on narrow screens keeps every column reachable at 375 px.
 * `relative` keeps absolutely positioned children (sr-only labels) inside the scroller,
 * so they cannot widen the whole page.
 */
export function Table({ children, label, className }: { children: React.ReactNode; label?: string; className?: string }) {
  return (
    <div className={cx("relative overflow-x-auto", className)} role="region" aria-label={label} tabIndex={label ? 0 : undefined}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">{children}</table>
    </div>
  );
}

export function Th({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <th scope="col" className={cx("whitespace-nowrap bg-slate-50 px-4 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500", className)}>{children}</th>;
}

export function Td({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <td className={cx("whitespace-nowrap px-4 py-3 text-slate-700", className)}>{children}</td>;
}

/**
 * The same items twice: a stacked list on phones (`card`, an <li> each) and a table from
 * `sm` up (`head` cells, `row`, a <tr> each), where a many-column table would push the
 * amount and status off-screen.
 */
export function ResponsiveTable<T>({
  label,
  items,
  card,
  head,
  row,
  from = "sm",
}: {
  label?: string;
  items: readonly T[];
  card: (item: T) => React.ReactNode;
  head: React.ReactNode;
  row: (item: T) => React.ReactNode;
  /** The width from which the table shows (`lg` for tables too wide for a tablet). */
  from?: "sm" | "lg";
}) {
  return (
    <>
      <ul className={cx("divide-y divide-slate-100", from === "lg" ? "lg:hidden" : "sm:hidden")} aria-label={label}>
        {items.map((item) => card(item))}
      </ul>
      <Table label={label} className={from === "lg" ? "hidden lg:block" : "hidden sm:block"}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{items.map((item) => row(item))}</tbody>
      </Table>
    </>
  );
}
