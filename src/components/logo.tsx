import classes from "./logo.module.css";

function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-primary-color-filled)" />
      <path
        d="M7 19.5 9.4 13a2.5 2.5 0 0 1 2.35-1.65h8.5A2.5 2.5 0 0 1 22.6 13l2.4 6.5v4a1 1 0 0 1-1 1h-1.5a1 1 0 0 1-1-1V22H10.5v1.5a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z"
        fill="#fff"
      />
      <circle cx="11" cy="19" r="1.4" fill="var(--mantine-primary-color-filled)" />
      <circle cx="21" cy="19" r="1.4" fill="var(--mantine-primary-color-filled)" />
    </svg>
  );
}

/** The mark and the name, in the header of every page (plain elements: the shopper's page has no Mantine). */
export function Logo() {
  return (
    <span className={classes.logo}>
      <LogoMark />
      <span className={`dd-text ${classes.name}`}>DealDesk</span>
    </span>
  );
}
