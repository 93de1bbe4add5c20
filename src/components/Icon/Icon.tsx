import type { ReactNode, SVGProps } from 'react';
import { directional, icon } from './Icon.css';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in px. */
  size?: number;
  /**
   * An accessible name. Without one the icon is decorative (`aria-hidden`), which is right whenever the
   * text next to it or the button around it already says what it means.
   */
  label?: string;
}

/** The shared 24×24 stroke frame of every icon. */
export function SvgIcon({
  size = 20,
  label,
  className,
  children,
  ...rest
}: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={className ? `${icon} ${className}` : icon}
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      {...rest}
    >
      {label ? <title>{label}</title> : null}
      {children}
    </svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </SvgIcon>
  );
}

/** Points backwards along the reading direction: left, or right in right-to-left text. */
export function BackIcon({ className, ...props }: IconProps) {
  return (
    <SvgIcon {...props} className={className ? `${directional} ${className}` : directional}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </SvgIcon>
  );
}

export function CopyIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M15 9V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h3" />
    </SvgIcon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </SvgIcon>
  );
}

export function ExternalIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </SvgIcon>
  );
}

export function ErrorIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </SvgIcon>
  );
}

export function SuccessIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.8 2.8L16.5 9.5" />
    </SvgIcon>
  );
}

/** Points forwards along the reading direction: right, or left in right-to-left text. */
export function ChevronIcon({ className, ...props }: IconProps) {
  return (
    <SvgIcon {...props} className={className ? `${directional} ${className}` : directional}>
      <path d="M9 5l7 7-7 7" />
    </SvgIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </SvgIcon>
  );
}

export function WalletIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M17 7V5.5A1.5 1.5 0 0 0 15.5 4H6a2 2 0 0 0-2 2" />
      <rect x="4" y="7" width="16" height="13" rx="2" />
      <path d="M20 11.5h-3.5a1.5 1.5 0 0 0 0 3H20" />
    </SvgIcon>
  );
}

export function QrIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="4" y="4" width="6" height="6" rx="1" />
      <rect x="14" y="4" width="6" height="6" rx="1" />
      <rect x="4" y="14" width="6" height="6" rx="1" />
      <path d="M14 14h2v2h-2zM18 18h2v2h-2zM18 14h2M14 18v2" />
    </SvgIcon>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </SvgIcon>
  );
}

/** An envelope: the email and social login (the embedded wallet). */
export function MailIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </SvgIcon>
  );
}

export const icons = {
  close: CloseIcon,
  back: BackIcon,
  copy: CopyIcon,
  check: CheckIcon,
  external: ExternalIcon,
  error: ErrorIcon,
  success: SuccessIcon,
  chevron: ChevronIcon,
  search: SearchIcon,
  wallet: WalletIcon,
  qr: QrIcon,
  info: InfoIcon,
  mail: MailIcon,
} as const;

export type IconName = keyof typeof icons;

/** An icon by name: `<Icon name="copy" />`. Decorative unless given a `label`. */
export function Icon({ name, ...rest }: IconProps & { name: IconName }) {
  const Component = icons[name];
  return <Component {...rest} />;
}
