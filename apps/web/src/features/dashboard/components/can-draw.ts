/**
 * True where the browser draws on a canvas (a 2D context): the charts draw there, and without one
 * (a locked-down browser, or jsdom in the tests) the card's table of figures stands alone.
 */
export const canDrawCanvas = () => document.createElement('canvas').getContext('2d') !== null;
