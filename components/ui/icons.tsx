import { cx } from "./cx";

/** The few icons the dashboard uses, inline so nothing loads from outside. */
type P = { className?: string };
const base = (className?: string) => cx("h-5 w-5 shrink-0", className);
const svg = { fill: "none", stroke: "currentColor", strokeWidth: 1.8, strokeLinecap: "round", strokeLinejoin: "round", viewBox: "0 0 24 24", "aria-hidden": true } as const;

export const Spinner = ({ className }: P) => (
  <svg className={cx("animate-spin", className)} viewBox="0 0 24 24" aria-hidden>
    <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" fill="none" />
    <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" fill="none" strokeLinecap="round" />
  </svg>
);
export const HomeIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" /></svg>
);
export const ListIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" /></svg>
);
export const StatementIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" /><path d="M14 3v5h5M9 13h6M9 17h6" /></svg>
);
export const SendIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" /></svg>
);
export const CodeIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="m16 18 6-6-6-6M8 6l-6 6 6 6" /></svg>
);
export const ShieldIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" /><path d="m9 12 2 2 4-4" /></svg>
);
export const CogIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><circle cx="12" cy="12" r="3" /><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" /></svg>
);
export const MenuIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M4 6h16M4 12h16M4 18h16" /></svg>
);
export const CloseIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M18 6 6 18M6 6l12 12" /></svg>
);
export const CopyIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" /></svg>
);
export const CheckIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M20 6 9 17l-5-5" /></svg>
);
export const AlertIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><circle cx="12" cy="12" r="9" /><path d="M12 8v4M12 16h.01" /></svg>
);
export const InboxIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M22 12h-6l-2 3h-4l-2-3H2" /><path d="M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z" /></svg>
);
export const DownloadIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M12 3v12M7 10l5 5 5-5M4 21h16" /></svg>
);
export const ArrowLeftIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M19 12H5M12 19l-7-7 7-7" /></svg>
);
export const LogoMark = ({ className }: P) => (
  <svg className={cx("h-8 w-8", className)} viewBox="0 0 32 32" aria-hidden>
    <rect width="32" height="32" rx="8" fill="#047857" />
    <path d="M21 11.5c-.9-1.6-2.7-2.5-5-2.5-3 0-5 1.6-5 3.8 0 5 10 2.6 10 7.2 0 2.2-2.2 3.8-5.2 3.8-2.5 0-4.4-1-5.3-2.8" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
  </svg>
);
export const FilterIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M3 5h18l-7 8.5V19l-4 2v-7.5z" /></svg>
);
// Issue 21: payment links and settlements to the bank.
export const LinkIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" /></svg>
);
export const BankIcon = ({ className }: P) => (
  <svg className={base(className)} {...svg}><path d="M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3z" /></svg>
);
