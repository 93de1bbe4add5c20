import { capText, MAX_TEXT } from '../../core/text';
import { badge, badgeTones } from './badge.css';

export type BadgeTone = 'neutral' | 'accent' | 'success';

export interface BadgeProps {
  children: string;
  tone?: BadgeTone;
}

/** A short label pill; its text is untrusted-safe (capped, rendered as text). */
export function Badge({ children, tone = 'neutral' }: BadgeProps) {
  const label = capText(children, MAX_TEXT.badge);
  if (!label) return null;
  return <span className={`${badge} ${badgeTones[tone]}`}>{label}</span>;
}
