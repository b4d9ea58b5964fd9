import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AUTOPLAY_DELAY_MS, createAutoplay, type Autoplay } from './autoplay';
import { Button } from './button';
import './trending-slider.css';

export type TrendingSliderProps = {
  title?: ReactNode;
  /** One child per slide: 3 visible, 2 under 1024 px, 1 under 768 px. */
  children: ReactNode;
  /** Advance every `delay` ms; paused on hover and focus, off for prefers-reduced-motion. */
  autoplay?: boolean;
  delay?: number;
};

type Embla = ReturnType<typeof useEmblaCarousel>[1];

/** The carousel's selected snap, following every move. */
function useSelectedSnap(embla: Embla) {
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);
  return selected;
}

/**
 * Advances the carousel every `delay` ms while `enabled`, paused for prefers-reduced-motion; the
 * returned controller lets the slider pause it on hover and focus.
 */
function useAutoplay(embla: Embla, enabled: boolean, delay: number) {
  const controller = useRef<Autoplay | null>(null);
  useEffect(() => {
    if (!embla || !enabled) return;
    const instance = createAutoplay(() => embla.scrollNext(), delay);
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const applyMotion = () =>
      motion.matches ? instance.pause('reduced-motion') : instance.resume('reduced-motion');
    applyMotion();
    motion.addEventListener('change', applyMotion);
    controller.current = instance;
    return () => {
      motion.removeEventListener('change', applyMotion);
      instance.destroy();
      controller.current = null;
    };
  }, [embla, enabled, delay]);
  return controller;
}

export function TrendingSlider({
  title = 'Trending Recipes',
  children,
  autoplay = true,
  delay = AUTOPLAY_DELAY_MS,
}: TrendingSliderProps) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start' });
  const selected = useSelectedSnap(embla);
  const controller = useAutoplay(embla, autoplay, delay);
  const headingId = useId();
  const slides = Children.toArray(children);

  return (
    <section
      className="rh-slider"
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      // Set once the carousel is ready, so tests can wait for it.
      data-selected-index={embla ? selected : undefined}
      onMouseEnter={() => controller.current?.pause('hover')}
      onMouseLeave={() => controller.current?.resume('hover')}
      onFocus={() => controller.current?.pause('focus')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          controller.current?.resume('focus');
        }
      }}
    >
      <div className="rh-slider__header">
        <h2 id={headingId} className="rh-slider__title">
          {title}
        </h2>
        <div className="rh-slider__controls">
          <Button
            variant="secondary"
            size="icon"
            aria-label="Previous slide"
            onClick={() => embla?.scrollPrev()}
          >
            <ChevronLeft size={20} aria-hidden />
          </Button>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Next slide"
            onClick={() => embla?.scrollNext()}
          >
            <ChevronRight size={20} aria-hidden />
          </Button>
        </div>
      </div>
      <div className="rh-slider__viewport" ref={viewportRef}>
        <div className="rh-slider__container">
          {slides.map((slide, index) => (
            <div
              key={index}
              className="rh-slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
