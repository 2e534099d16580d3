import React from 'react';
import { createComponent, type StencilReactComponent } from '@stencil/react-output-target/runtime';

type EventNames = Record<string, string>;

/**
 * A React component for one of Ionic's custom elements, made as `@ionic/react` makes its own:
 * props become the element's properties, `on…` props listen to the named DOM events, and the
 * element is defined the first time it renders. `E` and `C` are `@ionic/react`'s own event and
 * property types for the element, so the wrapper is typed exactly as the one it replaces.
 */
export function wrapElement<I extends HTMLElement, E extends EventNames, C>(
  tagName: string,
  elementClass: new () => I,
  defineCustomElement: () => void,
  events: { [K in keyof E]: string },
): StencilReactComponent<I, E, C> {
  return createComponent<I, E, C>({
    tagName,
    elementClass,
    react: React,
    // @lit/react brands event names with the event's type; Ionic's own wrappers ignore the brand
    // the same way, the DOM event names being plain strings.
    events: events as unknown as E,
    defineCustomElement,
  });
}
