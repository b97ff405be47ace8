"use client";

import { useId, useMemo, useState } from "react";
import type { Locale } from "@/components/i18n/messages";
import { cx } from "./cx";
import { controlClass } from "./field";

/**
 * A calendar day picked with three selects (day, month, year) in the order and the
 * month names of the page's language. The browser's <input type="date"> follows the
 * browser's locale, not the language chosen in the dashboard (a French page showed
 * mm/dd/yyyy) and got cut off in narrow grid cells; selects are readable at any width,
 * work with the keyboard and screen readers, and never show a foreign pattern.
 * The value is "YYYY-MM-DD" or undefined; a partly filled day is kept locally until
 * all three parts are chosen.
 */
interface Parts {
  day: string;
  month: string;
  year: string;
}

const split = (value: string | undefined): Parts => {
  const [year = "", month = "", day = ""] = value?.split("-") ?? [];
  return { day, month, year };
};
/** Day and year wide enough for their placeholders ("Jour", "Année") beside the select's arrow. */
const COLUMN = { day: "5rem", month: "minmax(6.5rem, 1fr)", year: "6.75rem" } as const;
const pad = (n: number) => String(n).padStart(2, "0");
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function DateSelect({
  label,
  value,
  onChange,
  locale,
  labels,
  firstYear,
  testId,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  locale: Locale;
  labels: { day: string; month: string; year: string };
  firstYear?: number;
  testId?: string;
}) {
  const id = useId();
  const [parts, setParts] = useState<Parts>(() => split(value));
  const [seen, setSeen] = useState(value);
  // The URL changed under us (cleared filters, back button): follow it.
  if (seen !== value) {
    setSeen(value);
    setParts(split(value));
  }

  const intl = locale === "fr" ? "fr-FR" : "en-GB";
  const order = useMemo(
    () =>
      new Intl.DateTimeFormat(intl, { day: "numeric", month: "long", year: "numeric" })
        .formatToParts(new Date(Date.UTC(2026, 4, 17)))
        .map((p) => p.type)
        .filter((t): t is "day" | "month" | "year" => t === "day" || t === "month" || t === "year"),
    [intl],
  );
  const months = useMemo(() => {
    const fmt = new Intl.DateTimeFormat(intl, { month: "long", timeZone: "UTC" });
    return Array.from({ length: 12 }, (_, i) => fmt.format(new Date(Date.UTC(2026, i, 1))));
  }, [intl]);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - (firstYear ?? thisYear - 5) + 1 }, (_, i) => thisYear - i);

  function update(patch: Partial<Parts>) {
    const next = { ...parts, ...patch };
    if (next.day && next.month && next.year) {
      // 31 in a 30-day month becomes the month's last day rather than an invalid date.
      const day = Math.min(Number(next.day), daysIn(Number(next.year), Number(next.month)));
      next.day = pad(day);
      setParts(next);
      const composed = `${next.year}-${next.month}-${next.day}`;
      setSeen(composed);
      onChange(composed);
    } else {
      setParts(next);
      if (value) {
        setSeen(undefined);
        onChange(undefined);
      }
    }
  }

  const select = (part: "day" | "month" | "year") => {
    const common = {
      id: `${id}-${part}`,
      "aria-label": `${label}: ${labels[part]}`,
      value: parts[part],
      onChange: (e: React.ChangeEvent<HTMLSelectElement>) => update({ [part]: e.target.value }),
      "data-testid": testId ? `${testId}-${part}` : undefined,
    };
    if (part === "day")
      return (
        <select key={part} {...common} className={controlClass(false, "h-10 pl-2 pr-6")}>
          <option value="">{labels.day}</option>
          {Array.from({ length: 31 }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {i + 1}
            </option>
          ))}
        </select>
      );
    if (part === "month")
      return (
        <select key={part} {...common} className={controlClass(false, "h-10 pl-2 pr-6")}>
          <option value="">{labels.month}</option>
          {months.map((name, i) => (
            <option key={i} value={pad(i + 1)}>
              {name}
            </option>
          ))}
        </select>
      );
    return (
      <select key={part} {...common} className={controlClass(false, "h-10 pl-2 pr-6")}>
        <option value="">{labels.year}</option>
        {years.map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </select>
    );
  };

  return (
    <fieldset className={cx("min-w-0")} data-testid={testId}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid gap-1.5" style={{ gridTemplateColumns: order.map((p) => COLUMN[p]).join(" ") }}>
        {order.map(select)}
      </div>
    </fieldset>
  );
}
