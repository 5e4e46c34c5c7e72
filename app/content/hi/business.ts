// Hindi of the business facts that are words: the support hours.

/** Hindi of `supportHours.label`. */
export const supportHoursLabelHi = "सोम–रवि, सुबह 9:00 – शाम 7:00";
