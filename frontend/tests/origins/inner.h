// Included twice deep: the error below is reported with the whole include chain.
int helper(void) { return missing_value; }
