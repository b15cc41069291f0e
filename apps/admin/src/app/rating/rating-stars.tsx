// Five star buttons, shared by the rating popup (animated) and the top bar (static). Hovering
// previews a rating; clicking one reports its number.
import { useState } from 'react';
import { STAR_COUNT } from '../../lib/constants.js';
import './rating-stars.css';

const STAR_PATH = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';

interface Props {
  /** Stars lit when not hovered (the popup's animation; all for the top bar). */
  lit: number;
  glowing?: boolean;
  size?: number;
  onRate: (stars: number) => void;
}

export function RatingStars({ lit, glowing = false, size = 20, onRate }: Props) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || lit;
  return (
    <span
      className="gh-stars"
      data-glowing={glowing}
      style={{ ['--gh-star-size' as string]: `${size}px` }}
      onMouseLeave={() => setHovered(0)}
    >
      {Array.from({ length: STAR_COUNT }, (_, i) => i + 1).map((star) => (
        <button
          key={star}
          type="button"
          className="gh-star"
          data-lit={star <= shown}
          aria-label={star === 1 ? '1 star' : `${star} stars`}
          onMouseEnter={() => setHovered(star)}
          onFocus={() => setHovered(star)}
          onBlur={() => setHovered(0)}
          onClick={() => onRate(star)}
        >
          <svg viewBox="0 0 20 20" aria-hidden="true">
            <path d={STAR_PATH} />
          </svg>
        </button>
      ))}
    </span>
  );
}
