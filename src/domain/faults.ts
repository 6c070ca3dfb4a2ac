/**
 * What the site says when something outside the request goes wrong: the database out of reach,
 * no room on the disk, a field name no form can have. The server answers with these words (its
 * error module and the pages' 503 page); the web app may show them as they come.
 */
export const FAULT_MSG = {
  /** The database cannot be reached (down, restarting, a pool with no free connection in time). */
  busy: 'The site is busy or being looked after; please try again in a minute.',
  /** The database's disk is full: a write failed, and nothing of it was kept. */
  cannotSave:
    'The site cannot save anything just now, so nothing you sent was kept; please try again in a few minutes.',
  /** An upload found the disk full: nothing was kept. */
  noRoom: 'The server has no room to store this file; please tell the association.',
  /** A body that is not JSON, or that names an object's prototype (`__proto__`,
   * `constructor.prototype`), which the JSON reader refuses without saying which it was. */
  notJson:
    'The request body is not valid JSON, or it has a field named __proto__ or constructor.prototype, which no form has.',
  /** A multipart part named like a method every object has, which the form reader refuses. */
  partNameNotAllowed: 'The form has a part whose name is not allowed (such as toString, constructor or __proto__).',
} as const;
