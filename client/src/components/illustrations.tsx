/** Our own SVG drawings. Decorative ones are aria-hidden; sizes are given so nothing shifts on load. */

export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#e3b54a" />
      <circle cx="24" cy="24" r="19.5" fill="none" stroke="#1f4d3a" strokeWidth="1.5" />
      <path d="M24 38V12" stroke="#1f4d3a" strokeWidth="2" strokeLinecap="round" />
      <g fill="#1f4d3a">
        <ellipse cx="24" cy="11.5" rx="2.6" ry="4.2" />
        <ellipse cx="19.6" cy="17" rx="2.4" ry="4" transform="rotate(-32 19.6 17)" />
        <ellipse cx="28.4" cy="17" rx="2.4" ry="4" transform="rotate(32 28.4 17)" />
        <ellipse cx="19.6" cy="23.5" rx="2.4" ry="4" transform="rotate(-32 19.6 23.5)" />
        <ellipse cx="28.4" cy="23.5" rx="2.4" ry="4" transform="rotate(32 28.4 23.5)" />
        <ellipse cx="19.6" cy="30" rx="2.4" ry="4" transform="rotate(-32 19.6 30)" />
        <ellipse cx="28.4" cy="30" rx="2.4" ry="4" transform="rotate(32 28.4 30)" />
      </g>
    </svg>
  );
}

/** Hero drawing: a bowl of pasta in front of a wheat field at sunrise. */
export function HeroIllustration() {
  return (
    <svg width="560" height="420" viewBox="0 0 560 420" aria-hidden="true" focusable="false">
      <rect width="560" height="420" rx="28" fill="#f3e2b3" />
      <circle cx="420" cy="120" r="62" fill="#e3b54a" />
      <path d="M0 250 C120 205 220 230 300 212 C390 192 470 200 560 180 V420 H0Z" fill="#e9cf86" />
      <path d="M0 300 C140 262 260 290 360 268 C440 250 500 262 560 250 V420 H0Z" fill="#d9b35a" />
      <g stroke="#1f4d3a" strokeWidth="3" strokeLinecap="round" fill="none">
        <path d="M70 300 V190" />
        <path d="M110 292 V170" />
        <path d="M480 280 V176" />
        <path d="M515 276 V196" />
      </g>
      <g fill="#1f4d3a">
        <ellipse cx="70" cy="186" rx="6" ry="11" />
        <ellipse cx="61" cy="204" rx="5" ry="10" transform="rotate(-30 61 204)" />
        <ellipse cx="79" cy="204" rx="5" ry="10" transform="rotate(30 79 204)" />
        <ellipse cx="110" cy="166" rx="6" ry="11" />
        <ellipse cx="101" cy="184" rx="5" ry="10" transform="rotate(-30 101 184)" />
        <ellipse cx="119" cy="184" rx="5" ry="10" transform="rotate(30 119 184)" />
        <ellipse cx="480" cy="172" rx="6" ry="11" />
        <ellipse cx="471" cy="190" rx="5" ry="10" transform="rotate(-30 471 190)" />
        <ellipse cx="489" cy="190" rx="5" ry="10" transform="rotate(30 489 190)" />
        <ellipse cx="515" cy="192" rx="5" ry="10" />
      </g>
      <ellipse cx="280" cy="372" rx="190" ry="22" fill="#163829" opacity="0.18" />
      <path d="M100 262 H460 C460 340 380 380 280 380 C180 380 100 340 100 262Z" fill="#a8461f" />
      <path d="M100 262 H460" stroke="#8a3818" strokeWidth="6" strokeLinecap="round" />
      <g fill="none" stroke="#f6d98a" strokeWidth="9" strokeLinecap="round">
        <path d="M140 262 C160 210 205 232 226 206 C246 182 290 226 312 200 C334 176 372 222 396 196 C410 182 424 230 420 262" />
        <path d="M170 262 C188 236 214 250 240 228 C262 210 296 244 322 222 C346 204 372 242 392 262" />
      </g>
      <g fill="none" stroke="#eac56d" strokeWidth="7" strokeLinecap="round">
        <path d="M156 258 C176 226 196 246 214 224 C238 198 270 238 300 212" />
        <path d="M300 246 C322 218 350 240 372 218" />
      </g>
      <g fill="#1f4d3a">
        <circle cx="214" cy="214" r="7" />
        <circle cx="330" cy="206" r="6" />
        <circle cx="262" cy="230" r="5" />
      </g>
    </svg>
  );
}

/** Error drawing: an empty plate with a single noodle curled into a question mark. */
export function EmptyPlateIllustration() {
  return (
    <svg width="240" height="200" viewBox="0 0 240 200" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="128" rx="104" ry="46" fill="#e4d8bf" />
      <ellipse cx="120" cy="122" rx="96" ry="40" fill="#fffdf8" stroke="#1f4d3a" strokeWidth="3" />
      <ellipse cx="120" cy="122" rx="62" ry="24" fill="none" stroke="#e4d8bf" strokeWidth="3" />
      <path
        d="M100 62 C100 36 140 30 146 52 C152 72 120 76 120 96 V104"
        fill="none"
        stroke="#e3b54a"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <circle cx="120" cy="122" r="6" fill="#e3b54a" />
      <path d="M28 40 L40 52 M40 40 L28 52" stroke="#a8461f" strokeWidth="4" strokeLinecap="round" />
      <path d="M198 30 L206 38 M206 30 L198 38" stroke="#a8461f" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export function CartIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.3a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** A person: the account link in the header. */
export function AccountIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M4.5 20.5c.8-3.8 3.8-6 7.5-6s6.7 2.2 7.5 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}
