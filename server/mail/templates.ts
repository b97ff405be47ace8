import { env } from "../env";

/**
 * The account mails (issue 22), in the recipient's language: plain text, and a simple HTML
 * version beside it (one column, inline styles, the link also written out in full so it
 * works in a client that strips buttons). No images, no tracking.
 */
export type MailLocale = "en" | "fr";

export type AccountMail =
  | { kind: "verify_email"; link: string }
  | { kind: "reset_password"; link: string }
  | { kind: "invitation"; link: string; merchantName: string; inviter: string; role: string }
  | { kind: "new_sign_in"; when: Date; ip: string; userAgent: string }
  | { kind: "password_changed"; when: Date }
  | { kind: "two_factor_disabled"; when: Date }
  | { kind: "live_key_created"; when: Date; merchantName: string; keyName: string; keyPrefix: string; by: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function mailLocale(value: string | null | undefined): MailLocale {
  return value === "fr" ? "fr" : "en";
}

/** The address links in mails point at: PUBLIC_BASE_URL, else NEXTAUTH_URL, else this port on localhost. */
export function publicBaseUrl(): string {
  const e = env();
  return (e.PUBLIC_BASE_URL ?? e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}

interface Body {
  subject: string;
  /** Paragraphs before the button / link. */
  lines: string[];
  action?: { label: string; url: string };
  /** Paragraphs after it. */
  after: string[];
}

function when(d: Date, locale: MailLocale): string {
  return `${new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(d)} UTC`;
}

const notYou = {
  en: "If this was not you, reset your password now and turn on two-factor sign-in in Settings.",
  fr: "Si ce n'était pas vous, réinitialisez votre mot de passe tout de suite et activez la connexion en deux étapes dans Paramètres.",
};

function body(mail: AccountMail, l: MailLocale): Body {
  const fr = l === "fr";
  switch (mail.kind) {
    case "verify_email":
      return {
        subject: fr ? "Confirmez votre adresse e-mail Sika" : "Confirm your Sika email address",
        lines: [fr ? "Bienvenue sur Sika. Confirmez votre adresse pour passer en mode live et inviter votre équipe." : "Welcome to Sika. Confirm your address to switch to live mode and invite your team."],
        action: { label: fr ? "Confirmer mon adresse" : "Confirm my address", url: mail.link },
        after: [fr ? "Ce lien est valable 48 heures et ne sert qu'une fois. Vous n'avez pas créé de compte ? Ignorez ce message." : "This link works once and for 48 hours. Did not sign up? Ignore this mail."],
      };
    case "reset_password":
      return {
        subject: fr ? "Réinitialiser votre mot de passe Sika" : "Reset your Sika password",
        lines: [fr ? "Quelqu'un a demandé à réinitialiser le mot de passe de ce compte." : "Someone asked to reset the password of this account."],
        action: { label: fr ? "Choisir un nouveau mot de passe" : "Choose a new password", url: mail.link },
        after: [
          fr ? "Ce lien est valable 1 heure et ne sert qu'une fois. Toutes vos sessions seront fermées." : "This link works once and for 1 hour. Every open session will be signed out.",
          fr ? "Vous n'avez rien demandé ? Ignorez ce message : votre mot de passe ne change pas." : "Did not ask? Ignore this mail: your password stays as it is.",
        ],
      };
    case "invitation":
      return {
        subject: fr ? `${mail.inviter} vous invite à rejoindre ${mail.merchantName} sur Sika` : `${mail.inviter} invited you to ${mail.merchantName} on Sika`,
        lines: [fr ? `${mail.inviter} vous invite à rejoindre l'équipe ${mail.merchantName} avec le rôle ${mail.role}.` : `${mail.inviter} invited you to join the ${mail.merchantName} team as ${mail.role}.`],
        action: { label: fr ? "Rejoindre l'équipe" : "Join the team", url: mail.link },
        after: [fr ? "L'invitation est valable 7 jours." : "The invitation is valid for 7 days."],
      };
    case "new_sign_in":
      return {
        subject: fr ? "Nouvelle connexion à votre compte Sika" : "New sign-in to your Sika account",
        lines: [
          fr ? `Votre compte vient d'être ouvert depuis un nouvel appareil le ${when(mail.when, l)}.` : `Your account was just signed in from a new device on ${when(mail.when, l)}.`,
          `${fr ? "Adresse" : "Address"}: ${mail.ip}`,
          `${fr ? "Navigateur" : "Browser"}: ${mail.userAgent}`,
        ],
        after: [notYou[l]],
      };
    case "password_changed":
      return {
        subject: fr ? "Votre mot de passe Sika a changé" : "Your Sika password was changed",
        lines: [fr ? `Le mot de passe de votre compte a été changé le ${when(mail.when, l)}. Toutes les sessions ouvertes ont été fermées.` : `Your account's password was changed on ${when(mail.when, l)}. Every open session was signed out.`],
        after: [notYou[l]],
      };
    case "two_factor_disabled":
      return {
        subject: fr ? "Connexion en deux étapes désactivée" : "Two-factor sign-in turned off",
        lines: [fr ? `La connexion en deux étapes de votre compte a été désactivée le ${when(mail.when, l)}.` : `Two-factor sign-in was turned off for your account on ${when(mail.when, l)}.`],
        after: [notYou[l]],
      };
    case "live_key_created":
      return {
        subject: fr ? `Nouvelle clé API live pour ${mail.merchantName}` : `New live API key for ${mail.merchantName}`,
        lines: [
          fr
            ? `${mail.by} a créé la clé live « ${mail.keyName} » (${mail.keyPrefix}…) le ${when(mail.when, l)}.`
            : `${mail.by} created the live key "${mail.keyName}" (${mail.keyPrefix}…) on ${when(mail.when, l)}.`,
        ],
        after: [fr ? "Si vous ne l'attendiez pas, révoquez-la dans Développeurs." : "If you did not expect it, revoke it in Developers."],
      };
  }
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function renderMail(mail: AccountMail, locale: MailLocale): RenderedMail {
  const b = body(mail, locale);
  const text = [...b.lines, ...(b.action ? [`${b.action.label}:\n${b.action.url}`] : []), ...b.after, "— Sika"].join("\n\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escape(s)}</p>`;
  const button = b.action
    ? `<p style="margin:0 0 16px"><a href="${escape(b.action.url)}" style="display:inline-block;background:#047857;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escape(b.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all">${escape(b.action.url)}</p>`
    : "";
  const html =
    `<!doctype html><html lang="${locale}"><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">` +
    `<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">` +
    `<p style="margin:0 0 16px;font-weight:700;color:#047857">Sika</p>${b.lines.map(p).join("")}${button}${b.after.map(p).join("")}</div></body></html>`;
  return { subject: b.subject, text, html };
}
