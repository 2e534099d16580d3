import './bar-chart.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** What a screen reader and the tooltip say for the bar. */
  text: string;
}

const HEIGHT = 120;
const LABEL_SPACE = 18;

/**
 * A small SVG bar chart: one bar per period, labels thinned out so they never overlap. Drawn in a
 * fixed view box and scaled to the width it is given.
 */
export function BarChart({ bars, title }: { bars: readonly Bar[]; title: string }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const width = Math.max(bars.length * 12, 120);
  const slot = width / Math.max(1, bars.length);
  const every = Math.ceil(bars.length / 8);
  return (
    <figure className="bar-chart">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + LABEL_SPACE}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={title}
      >
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} className="bar-chart__axis" />
        {bars.map((bar, index) => {
          const height = max > 0 ? (bar.value / max) * (HEIGHT - 4) : 0;
          return (
            <g key={bar.key}>
              <rect
                className="bar-chart__bar"
                x={index * slot + slot * 0.15}
                y={HEIGHT - height}
                width={slot * 0.7}
                height={height}
              >
                <title>{`${bar.label}: ${bar.text}`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      <div className="bar-chart__labels" aria-hidden="true">
        {bars.map((bar, index) => (
          <span key={bar.key}>{index % every === 0 ? bar.label : ''}</span>
        ))}
      </div>
    </figure>
  );
}
