/**
 * Logo marks of the five 'Popular Brands' (spec §1), drawn for this product as simple SVG shapes on
 * a 64 px grid; they are not the brands' own artwork. Each is decorative: the brand's name is shown
 * beside it as text.
 */
import type { ReactNode } from 'react';

/** Which mark a brand carries. */
export type BrandMark = 'leaf' | 'sunrise' | 'wave' | 'capsule' | 'drop';

const marks: Record<BrandMark, ReactNode> = {
  // A leaf inside a ring.
  leaf: (
    <>
      <circle cx="32" cy="32" r="28" fill="#e8f5ec" stroke="#2f855a" strokeWidth="3" />
      <path d="M20 42c0-14 10-22 24-22 0 14-8 24-22 24z" fill="#38a169" />
      <path d="M22 42c6-6 11-10 18-16" stroke="#e8f5ec" strokeWidth="2.5" strokeLinecap="round" fill="none" />
    </>
  ),
  // The sun rising over a line.
  sunrise: (
    <>
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#fff4e5" />
      <path d="M16 40a16 16 0 0 1 32 0z" fill="#dd6b20" />
      <g stroke="#dd6b20" strokeWidth="3" strokeLinecap="round">
        <path d="M32 14v6M14 24l4 4M50 24l-4 4M8 40h4M52 40h4" />
        <path d="M10 48h44" />
      </g>
    </>
  ),
  // Three sound waves.
  wave: (
    <>
      <circle cx="32" cy="32" r="28" fill="#f3e8ff" />
      <g stroke="#6b46c1" strokeWidth="4" strokeLinecap="round" fill="none">
        <path d="M12 32c4-8 8-8 12 0s8 8 12 0 8-8 12 0 4 4 4 4" />
        <path d="M16 22h32M16 42h32" strokeWidth="2" opacity="0.5" />
      </g>
    </>
  ),
  // A two-tone capsule.
  capsule: (
    <>
      <rect x="4" y="4" width="56" height="56" rx="28" fill="#e6f0fb" />
      <g transform="rotate(-40 32 32)">
        <rect x="12" y="23" width="40" height="18" rx="9" fill="#fff" stroke="#2b6cb0" strokeWidth="3" />
        <path d="M32 23h11a9 9 0 0 1 0 18H32z" fill="#2b6cb0" />
      </g>
    </>
  ),
  // An oil drop with a highlight.
  drop: (
    <>
      <rect x="4" y="4" width="56" height="56" rx="16" fill="#e6fffa" />
      <path d="M32 10c9 13 16 21 16 30a16 16 0 0 1-32 0c0-9 7-17 16-30z" fill="#2c7a7b" />
      <path d="M25 40a7 7 0 0 0 7 7" stroke="#e6fffa" strokeWidth="3" strokeLinecap="round" fill="none" />
    </>
  ),
};

/** Props of {@link BrandLogo}: the mark and its edge in px (default 64). */
export interface BrandLogoProps {
  mark: BrandMark;
  size?: number;
}

/** A brand's mark as a decorative (aria-hidden) SVG. */
export function BrandLogo({ mark, size = 64 }: BrandLogoProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      {marks[mark]}
    </svg>
  );
}
