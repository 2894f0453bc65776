import type { ComponentChildren } from 'preact';
import { onLinkClick } from '../router.ts';

export function Link(props: { href: string; children: ComponentChildren; class?: string }) {
  return (
    <a href={props.href} class={props.class} onClick={onLinkClick}>
      {props.children}
    </a>
  );
}
