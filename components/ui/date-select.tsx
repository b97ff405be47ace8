"use client";

import { useId, useMemo, useState } from "react";
import { useLocale, useT } from "@/components/i18n/provider";
import { cx } from "./cx";
import { controlClass, FieldError, OptionalMark } from "./field";

/**
 * A calendar day picked with three selects (day, month, year) in the order and the
 * month names of the page's language. The browser's <input type="date"> follows the
 * browser's locale, not the language chosen in the dashboard (a French page showed
 * mm/dd/yyyy) and got cut off in narrow grid cells; selects are readable at any width,
 * work with the keyboard and screen readers, and never show a foreign pattern.
 * The value is "YYYY-MM-DD" or undefined; a partly filled day is kept locally until
 * all three parts are chosen. `min`/`max` ("YYYY-MM-DD", included) narrow the years
 * offered and a day picked outside them becomes the nearest bound. A day past the end of
 * the month shown (the 31st in November) shows as that month's last day, and the day
 * picked comes back with a month long enough: 31, November, then December is the 31st of
 * December, not the 30th (people pick the day first as often as the month).
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
/**
 * Day and year wide enough for their placeholders ("Jour", "Année") beside the select's arrow,
 * the month for the longest names ("septembre", "September"). The browser already keeps room
 * for its arrow inside the select, so a small right padding (SELECT) is enough. Where a row is
 * narrower than the widest columns (a dialog on a 375 px phone), day and year give up their
 * spare room first, down to what their words need, so nothing is cut or spills out.
 */
const COLUMN = { day: "minmax(4.5rem, 5rem)", month: "minmax(7.5rem, 1fr)", year: "minmax(5.5rem, 6.75rem)" } as const;
const SELECT = "h-10 pl-2 pr-2";
const pad = (n: number) => String(n).padStart(2, "0");
const yearOf = (day: string | undefined) => (day ? Number(day.slice(0, 4)) || undefined : undefined);
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function DateSelect({
  label,
  value,
  onChange,
  firstYear,
  lastYear,
  min,
  max,
  error,
  optionalLabel,
  testId,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** First year offered (default: five years ago). */
  firstYear?: number;
  /** Last year offered (default: this year). */
  lastYear?: number;
  /** Earliest day that can be picked, "YYYY-MM-DD". */
  min?: string;
  /** Latest day that can be picked, "YYYY-MM-DD". */
  max?: string;
  /** Shown under the selects, announced, and marks them invalid (as Field does). */
  error?: string;
  /** Shown after the label in parentheses (as Field does). */
  optionalLabel?: string;
  testId?: string;
}) {
  const id = useId();
  // The page's language and the parts' names come from the dashboard's i18n, as for every control.
  const t = useT();
  const locale = useLocale();
  const labels = { day: t("date.day"), month: t("date.month"), year: t("date.year") };
  const [parts, setParts] = useState<Parts>(() => split(value));
  // The day as the person picked it, before any month-end or bound clamped it ("" : as shown).
  const [pickedDay, setPickedDay] = useState("");
  const [seen, setSeen] = useState(value);
  // The URL changed under us (cleared filters, back button): follow it.
  if (seen !== value) {
    setSeen(value);
    setParts(split(value));
    setPickedDay("");
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
  // Newest first, within the bounds; a year already chosen stays listed so the select can show it.
  const chosen = yearOf(parts.year);
  const newest = Math.max(Math.min(lastYear ?? thisYear, yearOf(max) ?? Infinity), chosen ?? -Infinity);
  const oldest = Math.min(Math.max(firstYear ?? thisYear - 5, yearOf(min) ?? -Infinity), chosen ?? Infinity);
  const years = Array.from({ length: Math.max(0, newest - oldest + 1) }, (_, i) => newest - i);

  function update(patch: Partial<Parts>) {
    if (patch.day !== undefined) setPickedDay(patch.day);
    const next = { ...parts, ...patch, day: patch.day ?? (pickedDay || parts.day) };
    if (next.day && next.month && next.year) {
      // 31 in a 30-day month becomes the month's last day rather than an invalid date.
      const day = Math.min(Number(next.day), daysIn(Number(next.year), Number(next.month)));
      let composed = `${next.year}-${next.month}-${pad(day)}`;
      // Outside the bounds: the nearest allowed day ("YYYY-MM-DD" compares as text).
      if (min && composed < min) composed = min;
      if (max && composed > max) composed = max;
      setParts(split(composed));
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

  const errorId = `${id}-error`;
  const select = (part: "day" | "month" | "year") => {
    const common = {
      id: `${id}-${part}`,
      "aria-label": `${label}: ${labels[part]}`,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? errorId : undefined,
      value: parts[part],
      onChange: (e: React.ChangeEvent<HTMLSelectElement>) => update({ [part]: e.target.value }),
      "data-testid": testId ? `${testId}-${part}` : undefined,
    };
    if (part === "day")
      return (
        <select key={part} {...common} className={controlClass(Boolean(error), SELECT)}>
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
        <select key={part} {...common} className={controlClass(Boolean(error), SELECT)}>
          <option value="">{labels.month}</option>
          {months.map((name, i) => (
            <option key={i} value={pad(i + 1)}>
              {name}
            </option>
          ))}
        </select>
      );
    return (
      <select key={part} {...common} className={controlClass(Boolean(error), SELECT)}>
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
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        <OptionalMark text={optionalLabel} />
      </legend>
      <div className="grid gap-1.5" style={{ gridTemplateColumns: order.map((p) => COLUMN[p]).join(" ") }}>
        {order.map(select)}
      </div>
      <FieldError id={errorId} error={error} className="mt-1.5" />
    </fieldset>
  );
}
