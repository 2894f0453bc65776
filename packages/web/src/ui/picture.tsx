/** A picture Itinera serves in three widths (`?w=`), or any other image URL as it is. */
export function Picture(props: { src: string; alt: string; sizes?: string; class?: string }) {
  const served = props.src.startsWith('/images/');
  return (
    <img
      class={props.class}
      src={served ? `${props.src}?w=640` : props.src}
      {...(served
        ? {
            srcset: [320, 640, 1280].map((w) => `${props.src}?w=${w} ${w}w`).join(', '),
            sizes: props.sizes ?? '(max-width: 700px) 100vw, 640px',
          }
        : {})}
      alt={props.alt}
      loading="lazy"
      decoding="async"
      width={640}
      height={427}
    />
  );
}
