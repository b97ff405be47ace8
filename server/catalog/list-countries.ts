import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { z } from "../zod";
import { paginate, type LaravelPage } from "./laravel-paginator";

countries.registerLocale(en);

export interface Country {
  name: string;
  iso2: string;
}

let sorted: Country[] | undefined;

/** Every ISO 3166-1 country (i18n-iso-countries), sorted by English name. */
export function allCountries(): Country[] {
  if (!sorted) {
    const names = countries.getNames("en", { select: "official" });
    sorted = Object.entries(names)
      .map(([iso2, name]) => ({ name, iso2 }))
      .sort((a, b) => a.name.localeCompare(b.name, "en"));
  }
  return sorted;
}

export const listCountriesQuery = z.object({
  page: z
    .string()
    .optional()
    .default("1")
    .refine((v) => v === "all" || /^[1-9]\d{0,8}$/.test(v), { message: "The page field must be a positive integer or all." }),
  limit: z
    .string()
    .optional()
    .default("20")
    .refine((v) => /^\d{1,9}$/.test(v) && Number(v) >= 1 && Number(v) <= 100, {
      message: "The limit field must be an integer between 1 and 100.",
    }),
});

export type ListCountriesInput = z.output<typeof listCountriesQuery> & { path: string };

export function listCountries(input: ListCountriesInput): LaravelPage<Country> {
  const extra: Record<string, string> = input.limit !== "20" ? { limit: input.limit } : {};
  return paginate(allCountries(), {
    page: input.page === "all" ? "all" : Number(input.page),
    perPage: Number(input.limit),
    path: input.path,
    extraQuery: extra,
  });
}
