
BaccJÀB€C@F€E