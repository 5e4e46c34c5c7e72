// Hindi of what the pages say about the team while the team list is empty.

/** Hindi of `teamStatement`. */
export const teamStatementHi =
  "हर विज़िट एक सर्टिफाइड फिज़ियोथेरेपिस्ट करते हैं, जिन्हें घर पर मरीज़ों का इलाज करने का अनुभव है; हमारी टीम को 10 साल से ज़्यादा का अनुभव है।";
