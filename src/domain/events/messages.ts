/** Every events message: doc 2 §5 and §8 word for word, and ours where the text is silent. */
export const EVENT_MSG = {
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  nameRequired: 'Name is required',
  slopeNameRequired: 'Slope name is required',
  eventTypeRequired: 'Event type is required',
  eventTypeInvalid: 'Event type must be one of race, external, school or information',
  priceRequired: 'Price is required',
  price: 'Price must be a number with at most 2 decimal places',
  priceTooHigh: 'Price must be 10000.00 or less',
  quantityRequired: 'Quantity is required',
  quantity: 'Quantity must be a whole number of at least 1',
  quantityTooHigh: 'Quantity must be 10000 or fewer',
  quantityBelowBooked: (booked: number) => `Quantity cannot be less than the places already booked (${booked})`,
  quantityBelowTaken: (booked: number, held: number) =>
    `Quantity cannot be less than the places already booked (${booked}) and held by payments under way (${held})`,
  typeChangeWithBookings: (booked: number) => `The event type cannot be changed while places are booked (${booked})`,
  openDateRequired: 'Registration open date is required',
  openTimeRequired: 'Registration open time is required',
  closeDateRequired: 'Registration close date is required',
  closeTimeRequired: 'Registration close time is required',
  openDateInvalid: 'Registration open date must be a valid date (YYYY-MM-DD)',
  closeDateInvalid: 'Registration close date must be a valid date (YYYY-MM-DD)',
  openTimeInvalid: 'Registration open time must be a 24-hour time (HH:MM)',
  closeTimeInvalid: 'Registration close time must be a 24-hour time (HH:MM)',
  startTimeInvalid: 'Start time must be a 24-hour time (HH:MM)',
  closeTooSoon: 'Registration must close at least a day after it opens',
  closeAfterEvent: 'Registration must close by the event date',
  openAfterEvent: 'Registration must open by the event date',
  url: 'URL must be a web address starting with http:// or https://',
  /** The same words as the upload check (FILE_KINDS.eventImage / eventLogo). */
  imageRequired: 'Please select a JPG file for the image.',
  logoRequired: 'Please select a PNG file for the logo.',
  documentBoth: 'Please provide both a document name and a file.',

  eventNotFound: 'Event not found.',
  documentNotFound: 'Document not found.',
  unknownField: (field: string) => `Unknown field: ${field}`,
  productMismatch: 'The product does not match the event in the address.',

  /** Refusals of a booking (the server's assertBookable). */
  notBookableType: 'This event cannot be booked online.',
  registrationNotOpen: 'Registration for this event is not open.',
  full: 'This event is full.',
  cancelled: 'This event has been cancelled.',

  /** Doc 2 §8, shown by the admin panel. */
  saveFailed: 'Failed to create or update booking. Please try again.',
  loadFailed: 'Error loading booking data',
  uploadFailed: 'Failed to upload document. Please try again.',
  deleteFailed: 'Failed to delete document.',
} as const;
