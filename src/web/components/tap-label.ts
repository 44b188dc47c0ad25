import type { ComponentPropsWithoutRef } from 'react';

/**
 * A checkbox without a visible label (a row's select, a suggested holiday's Add), given as its
 * `wrapperProps`: Mantine then draws its root as a <label>, so a tap anywhere on it toggles the
 * box, and app.css makes that label a thumb's 44 x 44 px on a phone (issue 33: the box is 20
 * or 24 px). Mantine types the root as a div; it passes `component` on to its Box.
 */
export const TAP_LABEL = { component: 'label' } as ComponentPropsWithoutRef<'div'>;
