import type { Components } from '@ionic/core/components';
import type { IonSegmentEvents } from '@ionic/react';
import {
  IonSegment as IonSegmentElement,
  defineCustomElement as defineSegment,
} from '@ionic/core/components/ion-segment.js';
import {
  IonSegmentButton as IonSegmentButtonElement,
  defineCustomElement as defineSegmentButton,
} from '@ionic/core/components/ion-segment-button.js';
import { wrapElement } from './wrap-element.ts';

export const IonSegment = /*@__PURE__*/ wrapElement<
  IonSegmentElement,
  IonSegmentEvents,
  Components.IonSegment
>('ion-segment', IonSegmentElement, defineSegment, { onIonChange: 'ionChange' });

export const IonSegmentButton = /*@__PURE__*/ wrapElement<
  IonSegmentButtonElement,
  Record<never, string>,
  Components.IonSegmentButton
>('ion-segment-button', IonSegmentButtonElement, defineSegmentButton, {});
