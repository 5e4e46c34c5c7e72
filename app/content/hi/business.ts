// Hindi of the business facts that are words: the generic chat message and the support hours.

/** Hindi of `defaultChatMessage`: the prefilled message of generic "Chat on WhatsApp" buttons. */
export const defaultChatMessageHi = "नमस्ते, मुझे घर पर फिज़ियोथेरेपी के लिए फ्री कंसल्टेशन बुक करना है।";

/** Hindi of `supportHours.label`. */
export const supportHoursLabelHi = "सोम–रवि, सुबह 9:00 – शाम 7:00";
